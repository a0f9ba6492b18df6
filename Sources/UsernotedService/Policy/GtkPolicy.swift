import Foundation

/// Whether usernoted serves `org.gtk.Notifications` for GLib apps: the `[gtk]` table of config.toml.
struct GtkPolicy: Sendable, Hashable, Decodable {
    /// `serve`: `auto` (the default: take the name when nobody owns it, leave it to GNOME Shell
    /// or any other owner) or `never`.
    enum Serve: String, Sendable, Hashable, Decodable, CaseIterable {
        case auto, never
    }

    var serve: Serve

    init(serve: Serve = .auto) { self.serve = serve }

    private enum CodingKeys: String, CodingKey, CaseIterable { case serve }

    init(from decoder: any Decoder) throws {
        try ConfigKeys.refuseUnknown(in: decoder, known: CodingKeys.allCases.map(\.rawValue), table: "gtk")
        serve = try ConfigKeys.choice(decoder.container(keyedBy: CodingKeys.self), .serve, table: "gtk", fallback: .auto)
    }
}
