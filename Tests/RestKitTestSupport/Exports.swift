// Tests read resident memory through the one reader rk and rkbench use.
@_exported import RestKitResidentMemory
