import ChatLayoutICU
print(ICUTextEngine.icuVersion, ICUTextEngine.unicodeVersion)
