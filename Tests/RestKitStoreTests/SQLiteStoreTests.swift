import Testing
@testable import RestKitStore
