import Observation

@Observable
final class CounterModel {
    var count = 0

    func increment() { count += 1 }
}
