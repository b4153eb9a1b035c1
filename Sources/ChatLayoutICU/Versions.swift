import ChatLayoutICUShim
public func icuVersions() -> (String, String) {
  var a = [CChar](repeating: 0, count: 32); var b = [CChar](repeating: 0, count: 32)
  clk_icu_versions(&a, 32, &b, 32)
  return (String(cString: a), String(cString: b))
}
