import DBus

/// `io.github.usernoted.Handler1`, which apps serve for usernoted to call, declared once.
public enum Handler1 {
    public static let interface = "io.github.usernoted.Handler1"

    /// The reliable path: the response JSON in, a disposition (`dismiss`, `keep`, `forward`) out.
    public static let didReceive = MethodDeclaration<String, String>("DidReceive", in: "response_json", out: "disposition")
    /// Asked before showing, when the app's handler is connected: presentation options out.
    public static let willPresent = MethodDeclaration<String, [String]>("WillPresent", in: "request_json", out: "options")
}
