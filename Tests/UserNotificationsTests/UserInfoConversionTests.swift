import Testing
@testable import UserNotifications
import UserNotificationsCore

struct UserInfoConversionTests {
    @Test func plistLikeValuesBecomeJSON() {
        let (values, bad) = UserInfoConversion.json(from: [
            "s": "x", "i": 42, "d": 1.5, "b": true, "n": NSNull(), "a": [1, "two"], "o": ["k": false],
            "num": NSNumber(value: 7),
        ])
        #expect(bad.isEmpty)
        #expect(values == [
            "s": "x", "i": 42, "d": 1.5, "b": true, "n": nil, "a": [1, "two"], "o": ["k": false], "num": 7,
        ])
        #expect(values["i"] == .int(42))
        #expect(values["b"] == .bool(true))
    }

    @Test func valuesWithoutAJSONFormAreNamed() {
        let (values, bad) = UserInfoConversion.json(from: ["date": Date(), "ok": "yes", 3: "int key", "nested": ["d": Date()]])
        #expect(values == ["ok": "yes"])
        #expect(bad == ["3", "date", "nested"])
    }

    @Test func jsonReadsBackAsTheTypesAppsCastTo() throws {
        let objects = UserInfoConversion.objects(from: ["MEETING_ID": "M-1", "count": 3, "ratio": 0.5, "flag": false, "list": ["a"], "map": ["k": 1], "none": nil])
        #expect(objects["MEETING_ID"] as? String == "M-1")
        #expect(objects["count"] as? Int == 3)
        #expect(objects["ratio"] as? Double == 0.5)
        #expect(objects["flag"] as? Bool == false)
        #expect((objects["list"] as? [Any])?.first as? String == "a")
        #expect((objects["map"] as? [String: Any])?["k"] as? Int == 1)
        #expect(objects["none"] is NSNull)
    }
}
