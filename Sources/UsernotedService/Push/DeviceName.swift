import Foundation

/// This desktop's default device name: 32 hex digits of SHA-256 over `/etc/machine-id` and the
/// user's name, so that it is stable, differs per user on one machine, and cannot be guessed from
/// the hostname (or anything else but the machine id, which stays on the machine).
enum DeviceName {
    /// The name for `user` on this machine; nil when `/etc/machine-id` cannot be read.
    static func derived(user: String, machineIDFile: String = "/etc/machine-id") -> String? {
        guard let machineID = try? String(contentsOfFile: machineIDFile, encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines), !machineID.isEmpty
        else { return nil }
        return derived(user: user, machineID: machineID)
    }

    static func derived(user: String, machineID: String) -> String {
        SHA256.hex(SHA256.digest(Array("usernoted-device\0\(machineID)\0\(user)".utf8)).prefix(16))
    }
}
