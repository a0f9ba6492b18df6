import Synchronization

/// What a call's reply says about the state.
enum CallOutcome: Sendable {
    /// Replied: it is in the state.
    case applied
    /// Refused with a named error: nothing changed.
    case refused
    /// No reply (the daemon was killed): either way.
    case unknown
}

/// What the state must be, from the replies seen: known at the start of a kill cycle, and
/// what this cycle's calls add to it.
struct WriteModel: Sendable {
    /// Requests known to be pending at the start of the cycle (confirmed by the last check).
    private var known: Set<String> = []
    /// This cycle: adds that were replied, adds whose reply never came.
    private var added: Set<String> = []
    private var addedMaybe: Set<String> = []
    /// This cycle: ids in removals sent (replied or not), and in replied removals.
    private var removing: Set<String> = []
    private var removed: Set<String> = []
    /// The categories known at the start of the cycle, the last replied, and those sent later without a reply.
    private var categories: String?
    private var categoriesReplied: String?
    private var categoriesMaybe: [String] = []
    private var generation = 0
    private(set) var repliedThisCycle = 0

    mutating func startCycle() {
        (added, addedMaybe, removing, removed, categoriesReplied, categoriesMaybe, repliedThisCycle) = ([], [], [], [], nil, [], 0)
    }

    mutating func add(_ id: String, _ outcome: CallOutcome) {
        switch outcome {
        case .applied: added.insert(id)
        case .refused: break
        case .unknown: addedMaybe.insert(id)
        }
        if outcome != .unknown { repliedThisCycle += 1 }
    }

    /// Up to `count` ids known pending and not being removed.
    mutating func removable(upTo count: Int) -> [String] {
        let ids = Array(known.union(added).subtracting(removing).prefix(count))
        removing.formUnion(ids)
        return ids
    }

    mutating func remove(_ ids: [String], _ outcome: CallOutcome) {
        if outcome == .applied { removed.formUnion(ids) }
        if outcome == .refused { removing.subtract(ids) }
        if outcome != .unknown { repliedThisCycle += 1 }
    }

    mutating func nextGeneration() -> Int {
        generation += 1
        return generation
    }

    mutating func setCategories(_ identifier: String, _ outcome: CallOutcome) {
        switch outcome {
        case .applied:
            categoriesReplied = identifier
            categoriesMaybe = []
        case .refused: break
        case .unknown: categoriesMaybe.append(identifier)
        }
        if outcome != .unknown { repliedThisCycle += 1 }
    }

    /// Compares the state after the restart with the replies; nil when it agrees. Then takes
    /// that state as known (what had no reply went one way or the other).
    mutating func check(pending: Set<String>, categories found: String?) -> String? {
        var problems: [String] = []
        let mustBePending = known.union(added).subtracting(removing)
        if !mustBePending.isSubset(of: pending) {
            problems.append("replied Adds lost: \(mustBePending.subtracting(pending).sorted().prefix(5))")
        }
        if !removed.isDisjoint(with: pending) {
            problems.append("replied removals undone: \(removed.intersection(pending).sorted().prefix(5))")
        }
        let mayBePending = known.union(added).union(addedMaybe)
        if !pending.isSubset(of: mayBePending) {
            problems.append("pending that nobody added: \(pending.subtracting(mayBePending).sorted().prefix(5))")
        }
        let allowed = [categoriesReplied ?? categories] + categoriesMaybe
        if !allowed.contains(found) {
            problems.append("categories \(found ?? "none"), expected one of \(allowed.map { $0 ?? "none" })")
        }
        known = pending
        categories = found
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}

/// The model, shared by the writers and the checker.
final class SharedModel: Sendable {
    let state = Mutex(WriteModel())
}
