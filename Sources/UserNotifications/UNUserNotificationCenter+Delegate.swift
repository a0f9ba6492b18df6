import UsernotedAPI
import DBus

extension UNUserNotificationCenter {
    /// The object told about responses and arriving notifications; held weakly. Setting it
    /// serves `Handler1` on the center's connection and registers it with usernoted, which
    /// then delivers the responses that waited for the app.
    public var delegate: (any UNUserNotificationCenterDelegate)? {
        get { delegateState.withLock { $0.delegate }.delegate }
        set {
            let box = WeakDelegate(newValue)
            delegateState.withLock { $0.delegate = box }
            guard newValue != nil else { return }
            registerHandlerInOrder()
        }
    }

    /// Sets the delegate and returns once usernoted has registered the handler, or throws
    /// why it could not (Linux only; the `delegate` setter does the same without waiting).
    public func setDelegate(_ delegate: any UNUserNotificationCenterDelegate) async throws {
        let box = WeakDelegate(delegate)
        delegateState.withLock { $0.delegate = box }
        try await perform { [self] _ in try await registerHandler() }
    }

    /// Registers the handler after the calls made before (a failure is written to standard error).
    func registerHandlerInOrder() {
        calls.enqueue { [self] in
            do {
                try await registerHandler()
            } catch {
                Diagnostics.report("RegisterHandler", error)
                throw error
            }
        }
    }

    /// Exports `Handler1` (once) and registers it with usernoted.
    private func registerHandler() async throws {
        let proxy = try await proxy()
        let needsExport = delegateState.withLock { state in
            defer { state.exported = true }
            return !state.exported
        }
        if needsExport {
            proxy.connection.export([HandlerObject.make(center: self)], at: HandlerObject.path)
        }
        _ = try await proxy.call(Center1.registerHandler, HandlerObject.path)
    }

    /// Asks the bus for the app id as a well-known name, so that a D-Bus activation file
    /// (see ``UNActivationFile``) can start this app; true when this process owns it now.
    public func claimAppIDBusName() async throws -> Bool {
        let connection = try await link.open()
        do {
            let reply = try await connection.requestName(appID, flags: [.doNotQueue])
            return reply == .primaryOwner || reply == .alreadyOwner
        } catch let error as DBusError {
            throw UNError(error)
        }
    }
}
