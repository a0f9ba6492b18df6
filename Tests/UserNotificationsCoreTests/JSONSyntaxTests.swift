import Testing
@testable import UserNotificationsCore

@Suite struct JSONSyntaxTests {
    @Test(arguments: [
        #"{}"#, #"[]"#, #" {"a": [1, -2.5e3, true, false, null, "x\n\u00e9"]} "#, "\"\"", "0",
    ])
    func wellFormedTextHasNoError(text: String) {
        #expect(JSONSyntax.firstError(in: text) == nil)
    }

    @Test(arguments: [
        ("", 1, 1, "the text ends where a value was expected"),
        ("nope", 1, 1, "unexpected 'nope' where a value was expected (strings need double quotes)"),
        ("[tru]", 1, 2, "unexpected 'tru' where a value was expected (strings need double quotes)"),
        ("{\"a\": 1,\n \"b\": x}", 2, 7, "unexpected 'x' where a value was expected (strings need double quotes)"),
        ("[1, @]", 1, 5, "unexpected '@' where a value was expected"),
        ("{\"a\": 1", 1, 8, "the text ends where ',' or '}' was expected"),
        ("[1, 2,]", 1, 7, "a comma before ']' (trailing commas are not JSON)"),
        ("{'a': 1}", 1, 2, "unexpected ''' where a field name in double quotes was expected"),
        ("{\"a\": 1} x", 1, 10, "unexpected text after the JSON value"),
        ("[\"abc", 1, 6, "the text ends inside a string (a closing '\"' is missing)"),
        ("[01]", 1, 3, "numbers must not have leading zeros"),
    ])
    func syntaxErrorsSayWhereAndWhy(text: String, line: Int, column: Int, problem: String) {
        let failure = JSONSyntax.firstError(in: text)
        #expect(failure?.line == line)
        #expect(failure?.column == column)
        #expect(failure?.problem == problem)
    }

    @Test func notJSONErrorFromTheEntryPointsSaysWhere() {
        expectModelError(.invalidJSON, mentions: ["not valid JSON", "line 2, column 7"]) {
            _ = try ModelJSON.decodeCategories("[{\"identifier\": \"C\",\n \"x\": y}]")
        }
    }
}
