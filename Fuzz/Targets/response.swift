// Fuzz target: response JSON (ModelJSON.decodeResponse), as handlers, the client library
// and a restarted daemon's outbox read it. What decodes must encode and decode unchanged.
@testable import UserNotificationsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let response = try? ModelJSON.decodeResponse(text(data, size)) else { return 0 }
    let stored = ModelJSON.encode(response)
    let restored = try? ModelJSON.decodeResponse(stored)
    require(restored == response, "response does not survive the outbox: \(stored)")
    return 0
}
