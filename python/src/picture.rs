//! `flipgame.Picture`: an SVG drawing a notebook shows as a picture (`Puzzle.show(board)`),
//! and the notebook's view of a puzzle itself.

use pyo3::prelude::*;

/// An SVG picture that Jupyter shows as one; `str()` of it is the SVG document.
#[pyclass(frozen, module = "flipgame")]
pub struct Picture {
    svg: String,
}

impl Picture {
    /// The picture of the SVG document `svg`.
    pub fn new(svg: String) -> Picture {
        Picture { svg }
    }
}

#[pymethods]
impl Picture {
    /// The SVG document.
    #[getter]
    fn svg(&self) -> &str {
        &self.svg
    }

    /// The picture Jupyter shows.
    fn _repr_svg_(&self) -> &str {
        &self.svg
    }

    fn __str__(&self) -> &str {
        &self.svg
    }

    fn __repr__(&self) -> String {
        format!("Picture(svg of {} bytes)", self.svg.len())
    }
}
