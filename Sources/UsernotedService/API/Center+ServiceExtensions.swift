import Foundation
import FreedesktopNotifications
import UserNotificationsCore
import UsernotedAPI

/// `mutable-content` requests: checked as `Add` checks them, recorded, then changed by the
/// app's service extension and shown (the original when the extension fails). A run is in the
/// store from before the call's reply until its notification is shown, so a daemon killed while
/// an extension runs shows the request once after it restarts.
extension Center {
    /// Hands `request` of `app` to the app's service extension, in two parts like
    /// ``add(_:request:attachmentsWithin:category:)``: the checks that would refuse the original
    /// now, the run recorded once the continuation returns; the extension runs after that and
    /// its notification is shown when it ends. Nil when the app has no service extension.
    func startExtension(_ request: NotificationRequest, of app: AppID) async throws(CenterError) -> Continuation<String>? {
        guard let argv = await extensions.extensionArgv(of: app) else { return nil }
        let request = request.needsIdentifier ? request.withIdentifier(UUID.random().lowercasedString) : request
        try await authorization.authorizePost(of: app)
        _ = try admissible(request, of: app)
        guard rate.take(for: app) else { throw .overRate(app, perSecond: limits.postsPerSecond) }
        let saved = poster.store.queueExtensionRun(request, of: app, at: scheduler.now())
        return { [self] () async throws(CenterError) in
            try await saving("the request") { try await saved.value }
            Task { await self.finishExtension(request, of: app, argv: argv) }
            return request.identifier
        }
    }

    /// Runs the extension `argv` for `original` and shows what it made, or the original (without
    /// running anything when `argv` is nil, for `reason`); then forgets the run.
    func finishExtension(_ original: NotificationRequest, of app: AppID, argv: [String]?, reason: String = "") async {
        let check: @Sendable (NotificationRequest) async throws(CenterError) -> NotificationCategory? = { [self] candidate throws(CenterError) in
            try await self.admissible(candidate, of: app)
        }
        let shown = if let argv {
            await extensions.rewrite(original, of: app, argv: argv, check: check)
        } else {
            await extensions.original(original, of: app, because: reason, check: check)
        }
        if let shown, poster.settings.settings(of: app).authorizationStatus != .denied {  // denied while it ran: not shown
            _ = try? await showing.startShow(shown.request, of: app, category: shown.category)()
        }
        try? await poster.store.removeExtensionRun(original, of: app)
    }

    /// The category `request` of `app` is shown with, once it passes the checks of `Add`:
    /// validation, the `given` category's (a GLib or portal notification's buttons) in place of
    /// the registered one, attachments (in `attachmentsWithin` when given).
    func admissible(
        _ request: NotificationRequest, of app: AppID, category given: NotificationCategory? = nil, attachmentsWithin: String? = nil
    ) throws(CenterError) -> NotificationCategory? {
        try rethrowingModelErrors { () throws(ModelError) in
            try Validation.validate(request: request, limits: limits)
            do throws(ModelError) { try given?.validate(limits: limits) } catch { throw error.rooted(at: "buttons (as a category; actions[i] is buttons[i])") }
            try AttachmentFile.validate(request, maxBytes: limits.attachmentBytes, within: attachmentsWithin)
        }
        return if let given { given } else { try showing.categories.category(request.content.categoryIdentifier, of: app) }
    }

    /// Shows what a daemon stopped during extension runs left: each is run again once; one
    /// that a restarted daemon already ran again (it may be what stopped it) is shown as it came.
    func resumeExtensionRuns() async {
        for run in (try? await poster.store.extensionRuns()) ?? [] {
            guard !run.resumed, let argv = await extensions.extensionArgv(of: run.app) else {
                let reason = run.resumed
                    ? "the daemon stopped while the extension ran, and again while it ran once more after a restart"
                    : "the daemon stopped while the extension ran, and the app has no service extension any more"
                await finishExtension(run.request, of: run.app, argv: nil, reason: reason)
                continue
            }
            try? await poster.store.markExtensionRunResumed(run.app, identifier: run.request.identifier)
            Task { await self.finishExtension(run.request, of: run.app, argv: argv) }
        }
    }
}
