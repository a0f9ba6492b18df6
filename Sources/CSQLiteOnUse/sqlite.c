// SQLite's functions that GRDB and the store call, each forwarding to the loaded library
// (hidden, like the others): libsqlite3 is loaded by the first call, which the thread that
// opens the store makes, rather than by the loader before main, where binding its 1 290
// symbols took about 0.3 ms of every start.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#pragma GCC visibility push(hidden)
#include <sqlite3.h>
#include <CLoadOnUse.h>
#define LIBRARY load_on_use_sqlite

ON_USE(void *, sqlite3_aggregate_context, (sqlite3_context *a, int b), (a, b))
ON_USE(int, sqlite3_backup_finish, (sqlite3_backup *a), (a))
ON_USE(sqlite3_backup *, sqlite3_backup_init, (sqlite3 *a, const char *b, sqlite3 *c, const char *d), (a, b, c, d))
ON_USE(int, sqlite3_backup_pagecount, (sqlite3_backup *a), (a))
ON_USE(int, sqlite3_backup_remaining, (sqlite3_backup *a), (a))
ON_USE(int, sqlite3_backup_step, (sqlite3_backup *a, int b), (a, b))
ON_USE(int, sqlite3_bind_blob, (sqlite3_stmt *a, int b, const void *c, int d, void (*e)(void*)), (a, b, c, d, e))
ON_USE(int, sqlite3_bind_double, (sqlite3_stmt *a, int b, double c), (a, b, c))
ON_USE(int, sqlite3_bind_int64, (sqlite3_stmt *a, int b, sqlite3_int64 c), (a, b, c))
ON_USE(int, sqlite3_bind_null, (sqlite3_stmt *a, int b), (a, b))
ON_USE(int, sqlite3_bind_parameter_count, (sqlite3_stmt *a), (a))
ON_USE(const char *, sqlite3_bind_parameter_name, (sqlite3_stmt *a, int b), (a, b))
ON_USE(int, sqlite3_bind_pointer, (sqlite3_stmt *a, int b, void *c, const char *d, void (*e)(void*)), (a, b, c, d, e))
ON_USE(int, sqlite3_bind_text, (sqlite3_stmt *a, int b, const char *c, int d, void (*e)(void*)), (a, b, c, d, e))
ON_USE(int, sqlite3_busy_handler, (sqlite3 *a, int (*b)(void*,int), void *c), (a, b, c))
ON_USE(int, sqlite3_busy_timeout, (sqlite3 *a, int b), (a, b))
ON_USE(int, sqlite3_changes, (sqlite3 *a), (a))
ON_USE(int, sqlite3_clear_bindings, (sqlite3_stmt *a), (a))
ON_USE(int, sqlite3_close, (sqlite3 *a), (a))
ON_USE(int, sqlite3_close_v2, (sqlite3 *a), (a))
ON_USE(const void *, sqlite3_column_blob, (sqlite3_stmt *a, int b), (a, b))
ON_USE(int, sqlite3_column_bytes, (sqlite3_stmt *a, int b), (a, b))
ON_USE(int, sqlite3_column_count, (sqlite3_stmt *a), (a))
ON_USE(double, sqlite3_column_double, (sqlite3_stmt *a, int b), (a, b))
ON_USE(sqlite3_int64, sqlite3_column_int64, (sqlite3_stmt *a, int b), (a, b))
ON_USE(const char *, sqlite3_column_name, (sqlite3_stmt *a, int b), (a, b))
ON_USE(const unsigned char *, sqlite3_column_text, (sqlite3_stmt *a, int b), (a, b))
ON_USE(int, sqlite3_column_type, (sqlite3_stmt *a, int b), (a, b))
ON_USE(void *, sqlite3_commit_hook, (sqlite3 *a, int (*b)(void*), void *c), (a, b, c))
ON_USE(int, sqlite3_create_collation_v2, (sqlite3 *a, const char *b, int c, void *d, int (*e)(void*,int,const void*,int,const void*), void (*f)(void*)),
       (a, b, c, d, e, f))
ON_USE(int, sqlite3_create_function_v2, (sqlite3 *a, const char *b, int c, int d, void *e, void (*f)(sqlite3_context*,int,sqlite3_value**), void (*g)(sqlite3_context*,int,sqlite3_value**), void (*h)(sqlite3_context*), void (*i)(void*)),
       (a, b, c, d, e, f, g, h, i))
ON_USE(sqlite3 *, sqlite3_db_handle, (sqlite3_stmt *a), (a))
ON_USE(int, sqlite3_db_release_memory, (sqlite3 *a), (a))
ON_USE(int, sqlite3_errcode, (sqlite3 *a), (a))
ON_USE(const char *, sqlite3_errmsg, (sqlite3 *a), (a))
ON_USE(const char *, sqlite3_errstr, (int a), (a))
ON_USE(char *, sqlite3_expanded_sql, (sqlite3_stmt *a), (a))
ON_USE(int, sqlite3_extended_result_codes, (sqlite3 *a, int b), (a, b))
ON_USE(int, sqlite3_finalize, (sqlite3_stmt *a), (a))
ON_USE(void, sqlite3_free, (void *a), (a))
ON_USE(int, sqlite3_get_autocommit, (sqlite3 *a), (a))
ON_USE(void, sqlite3_interrupt, (sqlite3 *a), (a))
ON_USE(sqlite3_int64, sqlite3_last_insert_rowid, (sqlite3 *a), (a))
ON_USE(int, sqlite3_libversion_number, (void), ())
ON_USE(int, sqlite3_limit, (sqlite3 *a, int b, int c), (a, b, c))
ON_USE(sqlite3_stmt *, sqlite3_next_stmt, (sqlite3 *a, sqlite3_stmt *b), (a, b))
ON_USE(int, sqlite3_open_v2, (const char *a, sqlite3 **b, int c, const char *d), (a, b, c, d))
ON_USE(int, sqlite3_prepare_v2, (sqlite3 *a, const char *b, int c, sqlite3_stmt **d, const char **e), (a, b, c, d, e))
ON_USE(int, sqlite3_prepare_v3, (sqlite3 *a, const char *b, int c, unsigned int d, sqlite3_stmt **e, const char **f),
       (a, b, c, d, e, f))
ON_USE(int, sqlite3_reset, (sqlite3_stmt *a), (a))
ON_USE(void, sqlite3_result_blob, (sqlite3_context *a, const void *b, int c, void (*d)(void*)), (a, b, c, d))
ON_USE(void, sqlite3_result_double, (sqlite3_context *a, double b), (a, b))
ON_USE(void, sqlite3_result_error, (sqlite3_context *a, const char *b, int c), (a, b, c))
ON_USE(void, sqlite3_result_error_code, (sqlite3_context *a, int b), (a, b))
ON_USE(void, sqlite3_result_int64, (sqlite3_context *a, sqlite3_int64 b), (a, b))
ON_USE(void, sqlite3_result_null, (sqlite3_context *a), (a))
ON_USE(void, sqlite3_result_text, (sqlite3_context *a, const char *b, int c, void (*d)(void*)), (a, b, c, d))
ON_USE(void *, sqlite3_rollback_hook, (sqlite3 *a, void (*b)(void *), void *c), (a, b, c))
ON_USE(int, sqlite3_set_authorizer, (sqlite3 *a, int (*b)(void*,int,const char*,const char*,const char*,const char*), void *c),
       (a, b, c))
ON_USE(const char *, sqlite3_sql, (sqlite3_stmt *a), (a))
ON_USE(int, sqlite3_step, (sqlite3_stmt *a), (a))
ON_USE(int, sqlite3_stmt_busy, (sqlite3_stmt *a), (a))
ON_USE(int, sqlite3_stmt_readonly, (sqlite3_stmt *a), (a))
ON_USE(int, sqlite3_stricmp, (const char *a, const char *b), (a, b))
ON_USE(int, sqlite3_total_changes, (sqlite3 *a), (a))
ON_USE(int, sqlite3_trace_v2, (sqlite3 *a, unsigned b, int (*c)(unsigned,void*,void*,void*), void *d), (a, b, c, d))
ON_USE(void *, sqlite3_update_hook, (sqlite3 *a, void (*b)(void *,int ,char const *,char const *,sqlite3_int64), void *c),
       (a, b, c))
ON_USE(void *, sqlite3_user_data, (sqlite3_context *a), (a))
ON_USE(const void *, sqlite3_value_blob, (sqlite3_value *a), (a))
ON_USE(int, sqlite3_value_bytes, (sqlite3_value *a), (a))
ON_USE(double, sqlite3_value_double, (sqlite3_value *a), (a))
ON_USE(sqlite3_int64, sqlite3_value_int64, (sqlite3_value *a), (a))
ON_USE(const unsigned char *, sqlite3_value_text, (sqlite3_value *a), (a))
ON_USE(int, sqlite3_value_type, (sqlite3_value *a), (a))
ON_USE(int, sqlite3_wal_checkpoint_v2, (sqlite3 *a, const char *b, int c, int *d, int *e), (a, b, c, d, e))
ON_USE(void *, sqlite3_wal_hook, (sqlite3 *a, int (*b)(void *,sqlite3*,const char*,int), void *c), (a, b, c))

// The two that take variable arguments, which C cannot pass on as such: each passes on what
// the options GRDB sets take (its only calls, in GRDBSQLite's shim.h), and refuses any other.

int sqlite3_config(int option, ...) {
    static void *_Atomic cache;
    if (option != SQLITE_CONFIG_LOG) {
        fprintf(stderr, "sqlite3_config: option %d is not passed on to the loaded SQLite\n", option);
        abort();
    }
    va_list arguments;
    va_start(arguments, option);
    void (*log)(void *, int, const char *) = va_arg(arguments, void (*)(void *, int, const char *));
    void *context = va_arg(arguments, void *);
    va_end(arguments);
    return ((__typeof__(&sqlite3_config))load_on_use_symbol(LIBRARY, "sqlite3_config", &cache))(option, log, context);
}

int sqlite3_db_config(sqlite3 *db, int option, ...) {
    static void *_Atomic cache;
    if (option != SQLITE_DBCONFIG_DQS_DDL && option != SQLITE_DBCONFIG_DQS_DML) {
        fprintf(stderr, "sqlite3_db_config: option %d is not passed on to the loaded SQLite\n", option);
        abort();
    }
    va_list arguments;
    va_start(arguments, option);
    int value = va_arg(arguments, int);
    int *result = va_arg(arguments, int *);
    va_end(arguments);
    return ((__typeof__(&sqlite3_db_config))load_on_use_symbol(LIBRARY, "sqlite3_db_config", &cache))(
        db, option, value, result);
}
