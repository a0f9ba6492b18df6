// Fuzz target: PostPayload's APNs JSON (APNsPayload.decode with the default limits).
// The request it yields must validate as Add's would, and survive the store unchanged.
@testable import UserNotificationsCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPNsPayload(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let payload = try? APNsPayload.decode(text(data, size)), let request = payload.request else { return 0 }
    let stored = ModelJSON.encode(request)
    let restored = try? ModelJSON.decodeRequest(stored, limits: nil)
    require(restored == request, "payload's request does not survive the store: \(stored)")
    return 0
}
