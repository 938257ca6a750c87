//! How wide output may be: the width assumed off a terminal and the narrowest layout, in one
//! place so no renderer keeps its own copy.

use super::RenderOptions;

/// Columns assumed when stdout is not a terminal (a pipe, a file) or reports no width.
pub(crate) const DEFAULT_WIDTH: u16 = 80;

/// The narrowest width prose and tables are laid out in, however narrow the terminal.
pub(super) const MIN_LAYOUT_WIDTH: u16 = 40;

impl RenderOptions {
    /// Columns prose and tables are laid out in: the output's width, but never below
    /// [`MIN_LAYOUT_WIDTH`].
    pub fn layout_width(&self) -> usize {
        usize::from(self.width.max(MIN_LAYOUT_WIDTH))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_width_never_goes_below_the_minimum() {
        let at = |width| RenderOptions {
            width,
            ..RenderOptions::default()
        };
        assert_eq!(RenderOptions::default().width, 80);
        assert_eq!(at(120).layout_width(), 120);
        assert_eq!(at(40).layout_width(), 40);
        assert_eq!(at(12).layout_width(), 40);
    }
}
