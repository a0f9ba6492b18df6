extension Router {
    /// Records each background push the center hands over (see ``BackgroundPushes``) as a
    /// response in the outbox, and tells who waits once it is there; until cancelled.
    func recordBackgroundPushes() -> Task<Void, Never> {
        let arrivals = center.background.arrivals
        return Task { [weak self] in
            for await arrival in arrivals {
                await self?.record(arrival.response)
                arrival.recorded?.resume()
            }
        }
    }
}
