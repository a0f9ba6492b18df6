// Fuzz target: SetCategories JSON (ModelJSON.decodeCategories with the default limits).
// What decodes must encode and decode again to the same categories, limits off, as a
// restarted daemon reads them from its state database.
@testable import UserNotificationsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCategories(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let categories = try? ModelJSON.decodeCategories(text(data, size)) else { return 0 }
    let stored = ModelJSON.encode(categories)
    let restored = try? ModelJSON.decodeCategories(stored, limits: nil)
    require(restored == categories, "categories do not survive the store: \(stored)")
    return 0
}
