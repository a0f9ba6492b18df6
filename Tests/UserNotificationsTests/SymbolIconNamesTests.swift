import Testing
@testable import UserNotifications

struct SymbolIconNamesTests {
    @Test func aSymbolsVariantsMapAsTheSymbol() {
        #expect(SymbolIconNames.freedesktopName(forSymbol: "trash") == "edit-delete")
        #expect(SymbolIconNames.freedesktopName(forSymbol: "trash.circle.fill") == "edit-delete")
        #expect(SymbolIconNames.freedesktopName(forSymbol: "phone.down.fill") == "call-stop")
        #expect(SymbolIconNames.freedesktopName(forSymbol: "arrowshape.turn.up.left.2.fill") == "mail-reply-all")
    }

    @Test func aSymbolWithoutAnObviousIconHasNone() {
        #expect(SymbolIconNames.freedesktopName(forSymbol: "figure.walk") == nil)
        #expect(SymbolIconNames.freedesktopName(forSymbol: ".fill") == nil)
    }
}
