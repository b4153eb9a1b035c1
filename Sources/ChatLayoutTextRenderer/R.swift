public enum R {}
