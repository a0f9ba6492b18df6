import DBus

/// Peers that forward many apps' calls on one connection without waiting for each: the
/// Notification portal's frontend (to usernoted's backend) and xdg-desktop-portal-gnome (to
/// `org.gtk.Notifications`). They drop what is refused, as their apps had their answers, so
/// the owner of each such name may have ``callsWaiting`` calls waiting, not the 256 of any
/// other connection: a burst of several apps must fit. An app's own rate still applies.
enum Forwarders {
    static let callsWaiting = 4096

    /// From now on, raises the limit in `admission` for whoever owns `name` on `connection`
    /// (now, and each new owner from the moment it has the name, before it forwards anything),
    /// telling `adopted` each owner.
    static func follow(
        _ name: String, on connection: Connection, raising admission: CallAdmission,
        adopted: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> Task<Void, Never> {
        let changes = try await connection.nameOwnerChanges(of: name)
        let adopt: @Sendable (String) -> Void = { owner in
            raise(for: owner, in: admission)
            adopted(owner)
        }
        if let owner = try await connection.nameOwner(name) { adopt(owner) }
        return Task {
            for await change in changes where !change.newOwner.isEmpty { adopt(change.newOwner) }
        }
    }

    /// Lets `owner`, a forwarder, have ``callsWaiting`` calls waiting (see ``CallAdmission``).
    static func raise(for owner: String, in admission: CallAdmission) {
        admission.raise(to: callsWaiting, for: owner)
    }
}
