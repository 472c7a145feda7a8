import Testing
@testable import filters
