import CGIO
import CLoadOnUse

/// A boolean key of the desktop's settings (GSettings, kept by dconf on GNOME), read through
/// GIO each time it is asked: GNOME Shell's do-not-disturb is `show-banners` of
/// `org.gnome.desktop.notifications`, which nothing on the bus carries but dconf's change
/// signal. A schema or key that is not installed is no setting (GIO would abort on it).
public final class DesktopSetting: @unchecked Sendable {
    // @unchecked: the C boundary. The GSettings object is made once and only read; GIO
    // reads a key under its backend's lock, from any thread.
    private let settings: UnsafeMutablePointer<GSettings>
    public let schema: String
    public let key: String

    /// The key `key` of `schema`; nil when the schema is not installed or has no such boolean
    /// key (or GIO cannot be loaded).
    public init?(schema: String, key: String) {
        guard load_on_use(load_on_use_gio) == nil, let source = g_settings_schema_source_get_default(),
              let found = g_settings_schema_source_lookup(source, schema, 1) else { return nil }
        defer { g_settings_schema_unref(found) }
        guard g_settings_schema_has_key(found, key) != 0, let entry = g_settings_schema_get_key(found, key) else { return nil }
        defer { g_settings_schema_key_unref(entry) }
        guard let type = g_settings_schema_key_get_value_type(entry), g_variant_type_peek_string(type)?.pointee == CChar(UInt8(ascii: "b")),
              let settings = g_settings_new_full(found, nil, nil) else { return nil }
        self.settings = settings
        self.schema = schema
        self.key = key
    }

    /// The key's value now.
    public var value: Bool { g_settings_get_boolean(settings, key) != 0 }

    deinit { g_object_unref(UnsafeMutableRawPointer(settings)) }
}
