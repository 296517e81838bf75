/// A first-in, first-out queue whose appends and removals cost O(1) (amortized) at any length:
/// the held opens and the drops of ``HeldOpens``, which an app may let grow to any limit.
///
/// An array and the index of its first element: a removal empties one slot and moves the index
/// on. The emptied slots are given back once they are half the array, by moving the elements
/// after them to the front: each move is paid for by one of the removals since the last time,
/// so the queue never moves more elements than it removed (``moves`` counts them).
/// `Array.removeFirst()` moved every element on each removal.
struct HeldQueue<Element> {
    /// `nil` before `head` (removed), an element from `head` on.
    private var slots: [Element?] = []
    private var head = 0
    /// How many elements were moved to give emptied slots back, over the queue's life.
    private(set) var moves = 0

    /// The emptied slots kept before they are given back: a short queue moves nothing.
    private static var slack: Int { 32 }

    var count: Int { slots.count - head }
    var isEmpty: Bool { head == slots.count }

    /// The elements, first first.
    var elements: [Element] { slots[head...].compactMap { $0 } }

    mutating func append(_ element: Element) {
        slots.append(element)
    }

    /// Removes and returns the first element; `nil` when the queue is empty.
    mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        let first = slots[head]
        slots[head] = nil
        head += 1
        if head == slots.count {
            slots = []
            head = 0
        } else if head >= Self.slack, head * 2 >= slots.count {
            // At most as many elements stay as were removed since the slots were last given back.
            moves += slots.count - head
            slots.removeFirst(head)
            head = 0
        }
        assert(first != nil, "the slots from head on hold elements")
        return first
    }

    /// Empties the queue (``moves`` goes on counting).
    mutating func removeAll() {
        slots = []
        head = 0
    }
}

extension HeldQueue: Sendable where Element: Sendable {}
