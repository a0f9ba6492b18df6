import GRDB

/// The store's tables, as named, append-only migrations: never edit one that shipped;
/// add the next.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // Each app's categories, as the JSON array it registered.
            try db.execute(sql: """
                CREATE TABLE category (app_id TEXT PRIMARY KEY, json TEXT NOT NULL);
                """)
            // The connection and object serving Handler1 for each app.
            try db.execute(sql: """
                CREATE TABLE handler (app_id TEXT PRIMARY KEY, bus_name TEXT NOT NULL, path TEXT NOT NULL);
                """)
            // Requests waiting for their trigger; fire_date is seconds since 1970 (UTC).
            try db.execute(sql: """
                CREATE TABLE pending (
                    app_id TEXT NOT NULL, identifier TEXT NOT NULL, request_json TEXT NOT NULL,
                    fire_date REAL NOT NULL, added_at REAL NOT NULL,
                    PRIMARY KEY (app_id, identifier));
                CREATE INDEX pending_by_fire_date ON pending (fire_date);
                """)
            // Notifications on screen (or waiting for a server), with the category they were
            // shown with and the server's id, so a restarted daemon can take them over.
            try db.execute(sql: """
                CREATE TABLE delivered (
                    app_id TEXT NOT NULL, identifier TEXT NOT NULL, request_json TEXT NOT NULL,
                    category_json TEXT, server_id INTEGER, delivered_at REAL NOT NULL,
                    PRIMARY KEY (app_id, identifier));
                """)
            // Responses not yet acknowledged by a handler, in the order they happened.
            try db.execute(sql: """
                CREATE TABLE outbox (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, app_id TEXT NOT NULL,
                    response_json TEXT NOT NULL, created_at REAL NOT NULL);
                CREATE INDEX outbox_by_app ON outbox (app_id, seq);
                """)
        }
        migrator.registerMigration("v2: exec handlers") { db in
            // A handler is an object on the bus (bus_name, path) or a program (argv as a JSON array).
            try db.execute(sql: """
                ALTER TABLE handler ADD COLUMN argv_json TEXT;
                """)
        }
        migrator.registerMigration("v3: per-app settings") { db in
            // The user's settings for each app that posted or was set (AppSettings as JSON).
            try db.execute(sql: """
                CREATE TABLE app_settings (app_id TEXT PRIMARY KEY, json TEXT NOT NULL);
                """)
        }
        migrator.registerMigration("v4: push") { db in
            // Pushes taken from the broker, by apns-id: shown once, and their answers published.
            try db.execute(sql: """
                CREATE TABLE push_received (
                    apns_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, request_id TEXT NOT NULL, received_at REAL NOT NULL);
                CREATE INDEX push_received_by_request ON push_received (app_id, request_id);
                """)
            // Answers to pushed notifications not yet acknowledged by the broker (PUBACK), in order.
            try db.execute(sql: """
                CREATE TABLE push_outbox (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, json TEXT NOT NULL,
                    response_id TEXT NOT NULL, created_at REAL NOT NULL);
                """)
        }
        migrator.registerMigration("v5: focus") { db in
            // Notifications held by Focus, a scheduled summary or their level, not shown yet,
            // with the category they will be shown with; held_at is seconds since 1970.
            try db.execute(sql: """
                CREATE TABLE held (
                    app_id TEXT NOT NULL, identifier TEXT NOT NULL, request_json TEXT NOT NULL,
                    category_json TEXT, reason TEXT NOT NULL, held_at REAL NOT NULL,
                    PRIMARY KEY (app_id, identifier));
                """)
            // The user's own Focus setting (FocusSetting as JSON), one row.
            try db.execute(sql: """
                CREATE TABLE focus (id INTEGER PRIMARY KEY CHECK (id = 0), json TEXT NOT NULL);
                """)
        }
        migrator.registerMigration("v6: service extensions") { db in
            // Each app's notification service extension: the program (argv as a JSON array).
            try db.execute(sql: """
                CREATE TABLE service_extension (app_id TEXT PRIMARY KEY, argv_json TEXT NOT NULL);
                """)
            // Requests accepted and handed to their app's extension, not shown yet (the original
            // request); resumed is 1 once a restarted daemon ran the extension again.
            try db.execute(sql: """
                CREATE TABLE extension_run (
                    app_id TEXT NOT NULL, identifier TEXT NOT NULL, request_json TEXT NOT NULL,
                    resumed INTEGER NOT NULL DEFAULT 0, started_at REAL NOT NULL,
                    PRIMARY KEY (app_id, identifier));
                """)
        }
        migrator.registerMigration("v7: background pushes") { db in
            // The newest background push of each app past its hourly budget, waiting for the hour
            // to allow it (a NotificationResponse as JSON); held_at is seconds since 1970.
            try db.execute(sql: """
                CREATE TABLE background_held (app_id TEXT PRIMARY KEY, response_json TEXT NOT NULL, held_at REAL NOT NULL);
                """)
        }
        migrator.registerMigration("v8: private answers") { db in
            // 1: the push was handed to its app's service extension, which may have decrypted it:
            // its answer goes to the broker without the notification's content or the typed text.
            try db.execute(sql: "ALTER TABLE push_received ADD COLUMN answer_private INTEGER NOT NULL DEFAULT 0;")
        }
        migrator.registerMigration("v9: server run") { db in
            // The run of the notification server that shows the delivered rows' server ids (the
            // bus's id and the server's unique name), one row.
            try db.execute(sql: "CREATE TABLE server_run (id INTEGER PRIMARY KEY CHECK (id = 0), run TEXT NOT NULL);")
        }
        return migrator
    }
}
