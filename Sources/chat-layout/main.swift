import ChatLayoutICU
print(icuVersions())
