import Testing
@testable import outline

@Suite struct OutlineEntryTests {
  @Test func textJoinsNameValueAndDetail() {
    #expect(OutlineEntry(name: "Tokyo").text == "Tokyo")
    #expect(OutlineEntry(name: "population", value: "13,960,000").text == "population: 13,960,000")
    #expect(OutlineEntry(name: "cities", detail: "[3]", isContainer: true).text == "cities  [3]")
  }
}
