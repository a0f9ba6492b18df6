import DBus
import UserNotificationsCore
import UsernotedAPI

/// Makes `Center1` methods whose bodies run only once `callers` says the sender may act for the
/// app id the call names first (and, with `runsPrograms`, may have programs run for it).
struct CheckedMethods: Sendable {
    let callers: CallerCheck

    /// A method whose handler gets the checked app id and the other arguments.
    func method<each Input, Output>(
        _ declaration: MethodDeclaration<String, repeat each Input, Output>, runsPrograms: Bool = false,
        _ body: @escaping @Sendable (MethodCall, AppID, repeat each Input) async throws -> Output
    ) -> Method {
        Method(declaration, body: .serial { [callers] call in
            let (named, arguments) = try Self.split(declaration, call)
            let app = try await callers.app(named, of: call.sender, runsPrograms: runsPrograms)
            return try await body(call, app, repeat each arguments).values
        })
    }

    /// A method declared like `method` that replies nothing.
    func method<each Input>(
        _ declaration: MethodDeclaration<String, repeat each Input, NoReply>, runsPrograms: Bool = false,
        _ body: @escaping @Sendable (MethodCall, AppID, repeat each Input) async throws -> Void
    ) -> Method {
        Method(declaration, body: .serial { [callers] call in
            let (named, arguments) = try Self.split(declaration, call)
            try await body(call, try await callers.app(named, of: call.sender, runsPrograms: runsPrograms), repeat each arguments)
            return []
        })
    }

    /// A method declared like `method` that answers once its continuation is done (see
    /// `Method.Body.pipelined`).
    func pipelined<each Input, Output>(
        _ declaration: MethodDeclaration<String, repeat each Input, Output>,
        _ body: @escaping @Sendable (MethodCall, AppID, repeat each Input) async throws -> Center.Continuation<Output>
    ) -> Method {
        Method(declaration, body: .pipelined { [callers] call in
            let (named, arguments) = try Self.split(declaration, call)
            let continuation = try await body(call, try await callers.app(named, of: call.sender), repeat each arguments)
            return { try await continuation().values }
        })
    }

    /// The app id `named`, or nil for an empty one (every app: the user's own programs only).
    @Sendable func everyAppOrOne(_ named: String, of sender: String) async throws -> AppID? {
        named.isEmpty ? try await callers.everyApp(of: sender) : try await callers.app(named, of: sender)
    }

    /// The app id a call names first, and its other arguments.
    private static func split<each Input, Output>(
        _ declaration: MethodDeclaration<String, repeat each Input, Output>, _ call: MethodCall
    ) throws(DBusError) -> (String, (repeat each Input)) {
        guard let named = call.arguments.first?.as(String.self) else {
            throw DBusError(.invalidArgs, "\(declaration.name) takes the app id first")
        }
        return (named, try TypedBody.decode(call.arguments.dropFirst(), as: repeat (each Input).self, in: declaration.name))
    }
}
