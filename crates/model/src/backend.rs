//! The one place where the CPU backend is chosen.
//!
//! burn 0.22 has no backend generics: a [`Device`] decides at run time which
//! backend executes a tensor. `flex` is the default (it trains ~1.4× faster
//! than ndarray in WebAssembly with simd128). The deprecated `ndarray` backend
//! is compiled in only with the `ndarray` feature, so the two can be compared
//! in one benchmark run.

use burn::tensor::Device;

/// A CPU backend the lab can train on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Backend {
    #[default]
    Flex,
    #[cfg(feature = "ndarray")]
    NdArray,
}

impl Backend {
    /// Every backend compiled into this build, the default first.
    pub fn available() -> Vec<Backend> {
        vec![
            Backend::Flex,
            #[cfg(feature = "ndarray")]
            Backend::NdArray,
        ]
    }

    pub fn name(self) -> &'static str {
        match self {
            Backend::Flex => "flex",
            #[cfg(feature = "ndarray")]
            Backend::NdArray => "ndarray",
        }
    }

    /// The plain device: inference, evaluation and attention maps.
    pub fn device(self) -> Device {
        match self {
            Backend::Flex => Device::flex(),
            #[cfg(feature = "ndarray")]
            Backend::NdArray => Device::ndarray(),
        }
    }

    /// The same device with reverse-mode autodiff: training.
    pub fn training_device(self) -> Device {
        self.device().autodiff()
    }
}
