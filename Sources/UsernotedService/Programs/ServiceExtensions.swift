import Logging
import UserNotificationsCore
import UsernotedAPI

/// Each app's service extension, kept in the store, and the time one may take; a request's
/// run of its extension, with why the original content is shown when it is.
actor ServiceExtensions {
    private let store: Store
    private let logger: Logger
    private var argv: [AppID: [String]] = [:]
    /// How long a run may take (`[delivery] serviceExtensionSeconds`).
    private(set) var seconds: Double

    init(store: Store, seconds: Double, logger: Logger) {
        self.store = store
        self.logger = logger
        self.seconds = seconds
    }

    /// Takes the extensions a previous run kept (``Store/restored()``).
    func restore(_ argv: [AppID: [String]]) {
        self.argv = argv
    }

    /// Takes a new time limit (config.toml read again).
    func setSeconds(_ seconds: Double) { self.seconds = seconds }

    /// Makes `argv` the service extension of `app`, saved before this returns.
    func set(_ app: AppID, argv: [String]) async throws(CenterError) {
        if let problem = ProgramRun.problem(with: argv) { throw CenterError(.invalidRequest, problem) }
        do {
            try await store.setServiceExtension(app, argv: argv)
        } catch {
            throw CenterError(.storageFailed, "cannot save the service extension to the state database, so it was not set: \(error)")
        }
        self.argv[app] = argv
    }

    /// Forgets the service extension of `app`: its `mutable-content` requests are shown as they come.
    func remove(_ app: AppID) async throws(CenterError) {
        do {
            try await store.removeServiceExtension(app)
        } catch {
            throw CenterError(.storageFailed, "cannot remove the service extension from the state database, so it stays: \(error)")
        }
        argv[app] = nil
    }

    /// The extension of `app`; nil when it has none.
    func extensionArgv(of app: AppID) -> [String]? { argv[app] }

    /// What `request` of `app` is shown as: the content its extension `argv` made, when `check`
    /// accepts the request with it (and answers the category it is shown with); else the
    /// original, with the reason logged.
    func rewrite(
        _ request: NotificationRequest, of app: AppID, argv: [String],
        check: @Sendable (NotificationRequest) async throws(CenterError) -> NotificationCategory?
    ) async -> (request: NotificationRequest, category: NotificationCategory?)? {
        let metadata: Logger.Metadata = ["app": "\(app)", "request": "\(request.identifier)"]
        let failure: String
        switch await ServiceExtension.run(request, of: app, argv: argv, seconds: seconds) {
        case .success(let content):
            var changed = request
            changed.content = content
            do {
                let category = try await check(changed)
                logger.info("service extension: content changed", metadata: metadata)
                return (changed, category)
            } catch {
                failure = "the content it made cannot be shown: \(error.message)"
            }
        case .failure(let error):
            failure = error.description
        }
        return await original(request, of: app, because: failure, check: check)
    }

    /// `request` of `app` as it came, with the category `check` answers for it; `reason` (why
    /// no extension's content is shown) is logged.
    func original(
        _ request: NotificationRequest, of app: AppID, because reason: String,
        check: @Sendable (NotificationRequest) async throws(CenterError) -> NotificationCategory?
    ) async -> (request: NotificationRequest, category: NotificationCategory?)? {
        let metadata: Logger.Metadata = ["app": "\(app)", "request": "\(request.identifier)"]
        logger.warning("service extension: showing the original content", metadata: metadata.merging(["reason": "\(reason)"]) { $1 })
        do {
            return (request, try await check(request))
        } catch {
            logger.error("service extension: the original content cannot be shown either; not shown",
                         metadata: metadata.merging(["error": "\(error.message)"]) { $1 })
            return nil
        }
    }
}
