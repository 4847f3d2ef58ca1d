import Testing

extension Trait where Self == TimeLimitTrait {
    /// A time limit that catches a hang, not slowness: ten minutes. In the whole suite on two
    /// cores, with the cooperative pool busy with other suites, a test's body can wait its turn
    /// for minutes (a CI run on a loaded machine exceeded one and two minutes in store tests).
    ///
    /// ```swift
    /// @Test(.hangLimit) func aLockedDatabaseFailsInsteadOfHanging() async throws { … }
    /// ```
    public static var hangLimit: Self { .timeLimit(.minutes(10)) }
}
