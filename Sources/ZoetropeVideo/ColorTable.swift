// SPDX-License-Identifier: Apache-2.0
// Opaque colours to integers: the table a GIF's palette pass counts colours in and its mapping looks them up in.

/// A hash table from opaque colours (`0xBBGGRR`, below 2²⁴) to integers, by
/// open addressing with linear probing and a multiplicative hash.
///
/// A GIF's palette pass and its mapping look a colour up for every run of
/// equal pixels of every frame — millions a clip — and this costs a
/// fraction of what a `Dictionary` does: no seeded SipHash, no check of
/// uniqueness or bounds at each access. It is a value: a copy is
/// independent of the original (copy on write). A colour at or above 2²⁴
/// is a programming error (the empty slot's mark is 0xFFFFFFFF).
package struct ColorTable<Value: FixedWidthInteger & Sendable>: @unchecked Sendable {
  // Sendable: `storage` is written only through a uniquely referenced value.
  private var storage: Storage

  /// An empty table.
  package init() { storage = Storage(capacity: 1024) }

  /// The number of colours held.
  package var count: Int { storage.count }

  /// The value held for `colour`, or `nil`.
  @inline(__always)
  package func value(of colour: UInt32) -> Value? {
    let slot = storage.slot(of: colour)
    return storage.keys[slot] == colour ? storage.values[slot] : nil
  }

  /// Adds `amount` (wrapping) to the value of `colour`, which starts at 0.
  @inline(__always)
  package mutating func add(_ amount: Value, to colour: UInt32) {
    let slot = claim(colour)
    storage.values[slot] &+= amount
  }

  /// Sets the value of `colour`.
  @inline(__always)
  package mutating func set(_ value: Value, for colour: UInt32) {
    let slot = claim(colour)  // first: it may replace the storage
    storage.values[slot] = value
  }

  /// Every colour held with its value, ascending by colour.
  package func sorted() -> [(colour: UInt32, value: Value)] {
    var pairs: [(colour: UInt32, value: Value)] = []
    pairs.reserveCapacity(storage.count)
    for slot in 0..<storage.capacity where storage.keys[slot] != Storage.empty {
      pairs.append((storage.keys[slot], storage.values[slot]))
    }
    return pairs.sorted { $0.colour < $1.colour }
  }

  /// Adds each value of `other` to this table's value of the same colour.
  /// The smaller table is added into the larger: its colours come in the
  /// order of their slots, which into a smaller table would pile up in
  /// long probes.
  package mutating func merge(_ other: ColorTable) {
    var from = other
    if other.storage.capacity > storage.capacity { swap(&self, &from) }
    for slot in 0..<from.storage.capacity where from.storage.keys[slot] != Storage.empty {
      add(from.storage.values[slot], to: from.storage.keys[slot])
    }
  }

  /// The slot of `colour`, taken for it with value 0 if it was not held;
  /// grows the table first (and copies a shared one) as needed.
  @inline(__always)
  private mutating func claim(_ colour: UInt32) -> Int {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.capacity) }
    var slot = storage.slot(of: colour)
    if storage.keys[slot] == colour { return slot }
    // At most half full, so that probes stay short.
    if 2 * (storage.count + 1) > storage.capacity {
      storage = storage.copy(capacity: 2 * storage.capacity)
      slot = storage.slot(of: colour)
    }
    storage.keys[slot] = colour
    storage.values[slot] = 0
    storage.count += 1
    return slot
  }

  /// The slots, shared by copies of the table until one of them writes.
  private final class Storage {
    /// The key of an empty slot (no colour is this large).
    static var empty: UInt32 { 0xFFFF_FFFF }
    /// Each slot's colour, or ``empty``.
    let keys: UnsafeMutablePointer<UInt32>
    /// Each slot's value (0 in an empty slot).
    let values: UnsafeMutablePointer<Value>
    /// The number of slots, a power of two.
    let capacity: Int
    /// The number of colours held.
    var count = 0
    /// 32 − log₂ `capacity`: the hash's top bits pick the first slot.
    private let shift: UInt32

    /// `capacity` empty slots.
    init(capacity: Int) {
      self.capacity = capacity
      shift = UInt32(32 - capacity.trailingZeroBitCount)
      keys = .allocate(capacity: capacity)
      keys.initialize(repeating: Storage.empty, count: capacity)
      values = .allocate(capacity: capacity)
      values.initialize(repeating: 0, count: capacity)
    }

    deinit {
      keys.deallocate()
      values.deallocate()
    }

    /// The slot holding `colour`, or the empty slot where it would go.
    @inline(__always)
    func slot(of colour: UInt32) -> Int {
      assert(colour < 1 << 24, "not an opaque colour")
      // Fibonacci hashing: the golden ratio's multiple spreads nearby colours.
      var slot = Int(truncatingIfNeeded: (colour &* 0x9E37_79B1) >> shift)
      while keys[slot] != colour && keys[slot] != Storage.empty { slot = (slot &+ 1) & (capacity &- 1) }
      return slot
    }

    /// A table of `capacity` slots (a power of two, above twice `count`) with the same contents.
    func copy(capacity: Int) -> Storage {
      let copy = Storage(capacity: capacity)
      for slot in 0..<self.capacity where keys[slot] != Storage.empty {
        let target = copy.slot(of: keys[slot])
        copy.keys[target] = keys[slot]
        copy.values[target] = values[slot]
      }
      copy.count = count
      return copy
    }
  }
}
