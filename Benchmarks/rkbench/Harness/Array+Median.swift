extension Array where Element == Double {
    /// The median (mean of the two middle values for an even count); `nil` when empty.
    ///
    /// ```swift
    /// [3, 1, 2].median  // 2
    /// ```
    var median: Double? {
        guard !isEmpty else { return nil }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
