//! Which browser engine runs the page, read from its user-agent string, for
//! the one thing that differs by engine: how fast training goes. Firefox's
//! and WebKit's WebAssembly train the lab's model more slowly than
//! Chromium's on the same machine (BENCHMARKS.md, "Three engines in CI");
//! the model they train is the same.

/// A browser engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// Chrome, Edge, Opera, Samsung Internet and the others built on Chromium.
    Chromium,
    /// Firefox (not on iOS, where every browser is WebKit).
    Gecko,
    /// Safari, and every browser on iOS and iPadOS.
    WebKit,
}

impl Engine {
    /// The engine a `navigator.userAgent` names; `None` for one this does
    /// not know. Chromium's strings also say "AppleWebKit" and "Safari", and
    /// iOS browsers say "CriOS" or "FxiOS", not "Chrome/" or "Firefox/".
    pub fn of(user_agent: &str) -> Option<Engine> {
        let has = |s: &str| user_agent.contains(s);
        if has("Firefox/") {
            Some(Engine::Gecko)
        } else if has("Chrome/") || has("Chromium/") {
            Some(Engine::Chromium)
        } else if has("AppleWebKit/") {
            Some(Engine::WebKit)
        } else {
            None
        }
    }

    /// Its name in the messages' `$engine` selectors (`firefox`, `webkit`).
    pub fn name(self) -> &'static str {
        match self {
            Engine::Chromium => "chromium",
            Engine::Gecko => "firefox",
            Engine::WebKit => "webkit",
        }
    }

    /// Its steps per second training the lab's default task, as a fraction
    /// of Chromium's on the same machine, where it is slower: the medians
    /// of BENCHMARKS.md's "Three engines in CI" (2026-12-06; Firefox ESR
    /// 153 and WebKitGTK 2.50 against Chromium 156, `tests/engines/speed.mjs`).
    pub fn measured_speed(self) -> Option<f64> {
        match self {
            Engine::Chromium => None,
            Engine::Gecko => Some(16.92 / 28.24),
            Engine::WebKit => Some(16.45 / 28.24),
        }
    }

    /// Whether it trains the lab's model measurably more slowly than Chromium.
    pub fn trains_slower(self) -> bool {
        self.measured_speed().is_some()
    }
}

/// The engine running this page, if it can tell.
#[cfg(target_arch = "wasm32")]
pub fn current() -> Option<Engine> {
    let agent = web_sys::window()?.navigator().user_agent().ok()?;
    Engine::of(&agent)
}

/// Natively (in tests) there is no browser.
#[cfg(not(target_arch = "wasm32"))]
pub fn current() -> Option<Engine> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_browser_is_its_engine() {
        let cases = [
            ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", Some(Engine::Chromium)),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0", Some(Engine::Chromium)),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", Some(Engine::Gecko)),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15", Some(Engine::WebKit)),
            ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1", Some(Engine::WebKit)),
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/132.0 Mobile/15E148 Safari/605.1.15", Some(Engine::WebKit)),
            ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15", Some(Engine::WebKit)),
            ("curl/8.5.0", None),
        ];
        for (agent, engine) in cases {
            assert_eq!(Engine::of(agent), engine, "{agent}");
        }
    }

    #[test]
    fn only_chromium_is_not_slower() {
        assert!(!Engine::Chromium.trains_slower());
        for engine in [Engine::Gecko, Engine::WebKit] {
            let speed = engine.measured_speed().expect("measured");
            assert!(speed > 0.0 && speed < 1.0, "{engine:?}: {speed}");
        }
    }
}
