// GIO's, GObject's and GLib's functions that FreedesktopNotifications calls, each forwarding
// to the loaded library (hidden: GLib's own calls never come back to them).
#pragma GCC visibility push(hidden)
#include <gio/gdesktopappinfo.h>
#include <CLoadOnUse.h>
#define LIBRARY load_on_use_gio

ON_USE(GDesktopAppInfo *, g_desktop_app_info_new, (const char *desktop_id), (desktop_id))
ON_USE(const char *, g_desktop_app_info_get_filename, (GDesktopAppInfo *info), (info))
ON_USE(char *, g_desktop_app_info_get_string, (GDesktopAppInfo *info, const char *key), (info, key))
ON_USE(const char *, g_app_info_get_name, (GAppInfo *appinfo), (appinfo))
ON_USE(GIcon *, g_app_info_get_icon, (GAppInfo *appinfo), (appinfo))
ON_USE(gchar *, g_icon_to_string, (GIcon *icon), (icon))
ON_USE(GSettingsSchemaSource *, g_settings_schema_source_get_default, (void), ())
ON_USE(GSettingsSchema *, g_settings_schema_source_lookup,
       (GSettingsSchemaSource *source, const gchar *schema_id, gboolean recursive), (source, schema_id, recursive))
ON_USE(gboolean, g_settings_schema_has_key, (GSettingsSchema *schema, const gchar *name), (schema, name))
ON_USE(GSettingsSchemaKey *, g_settings_schema_get_key, (GSettingsSchema *schema, const gchar *name), (schema, name))
ON_USE(const GVariantType *, g_settings_schema_key_get_value_type, (GSettingsSchemaKey *key), (key))
ON_USE(void, g_settings_schema_key_unref, (GSettingsSchemaKey *key), (key))
ON_USE(void, g_settings_schema_unref, (GSettingsSchema *schema), (schema))
ON_USE(GSettings *, g_settings_new_full, (GSettingsSchema *schema, GSettingsBackend *backend, const gchar *path),
       (schema, backend, path))
ON_USE(gboolean, g_settings_get_boolean, (GSettings *settings, const gchar *key), (settings, key))
ON_USE(const gchar *, g_variant_type_peek_string, (const GVariantType *type), (type))
ON_USE(const gchar *, g_get_user_config_dir, (void), ())
ON_USE(const gchar *const *, g_get_system_config_dirs, (void), ())
ON_USE(void, g_object_unref, (gpointer object), (object))
ON_USE(void, g_free, (gpointer mem), (mem))
