// trim-icu-data INPUT.dat DROP-LIST OUTPUT.dat: writes ICU's data package INPUT without the
// items DROP-LIST names (ICUData's DropList); scripts/icu-data runs it for the release build.
// ICU's own icupkg cannot: the package's item names exceed its fixed 100 000-byte store.
import Foundation
import ICUData

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: trim-icu-data INPUT.dat DROP-LIST OUTPUT.dat\n".utf8))
    exit(2)
}
let (input, dropList, output) = (arguments[1], arguments[2], arguments[3])
do {
    let data = try Data(contentsOf: URL(filePath: input))
    let package = try ICUDataPackage(Array(data))
    let drop = DropList(try String(contentsOf: URL(filePath: dropList), encoding: .utf8))
    for pattern in drop.unmatched(in: package) {
        FileHandle.standardError.write(Data("trim-icu-data: warning: \(dropList): \(pattern) matches no item of \(input)\n".utf8))
    }
    var trimmed = package
    trimmed.items.removeAll(where: drop.drops)
    let bytes = trimmed.bytes
    try Data(bytes).write(to: URL(filePath: output))
    print("trim-icu-data: kept \(trimmed.items.count) of \(package.items.count) items, \(bytes.count) of \(data.count) bytes")
} catch {
    FileHandle.standardError.write(Data("trim-icu-data: \(error)\n".utf8))
    exit(1)
}
