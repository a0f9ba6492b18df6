// Fuzz target: Add's request JSON (ModelJSON.decodeRequest with the default limits).
// What decodes must survive the store's encoding, limits off, unchanged.
@testable import UserNotificationsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let request = try? ModelJSON.decodeRequest(text(data, size)) else { return 0 }
    let stored = ModelJSON.encode(request)
    let restored = try? ModelJSON.decodeRequest(stored, limits: nil)
    require(restored == request, "request does not survive the store: \(stored)")
    return 0
}
