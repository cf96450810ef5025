//! The lab's one pseudo-random generator, SplitMix64, defined in
//! [`lab_math::rng`] (the model's dropout masks use it too) and re-exported
//! here, where every random choice of the tasks goes through it.

pub use lab_math::rng::Rng;
