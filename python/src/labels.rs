//! A graph's own node labels (a networkx graph's nodes): boards given as `{node: colour}`, and
//! answers that name the node of every cell they list. The library numbers a graph's vertices
//! as the cells of one row; only Python knows the labels, so they live here.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyMapping, PySet};

use crate::errors::flip_error;

/// The labels of a graph's vertices, in the order of the board's cells.
pub type Nodes = Vec<Py<PyAny>>;

/// Checks `nodes` can label `vertices` vertices: one label each, all different and hashable
/// (a board maps them to colours).
pub fn checked(py: Python<'_>, nodes: Nodes, vertices: usize) -> PyResult<Nodes> {
    if nodes.len() != vertices {
        return Err(flip_error(format!(
            "nodes: {} labels for a graph of {vertices} vertices: give one label a vertex",
            nodes.len()
        )));
    }
    let seen = PySet::empty(py)?;
    for (index, node) in nodes.iter().enumerate() {
        let node = node.bind(py);
        if seen.contains(node).map_err(|_| {
            flip_error(format!(
                "nodes[{index}] = {}: a label is hashable, as a dict key is",
                short_repr(node)
            ))
        })? {
            return Err(flip_error(format!(
                "nodes[{index}] = {}: the label appears twice",
                short_repr(node)
            )));
        }
        seen.add(node)?;
    }
    Ok(nodes)
}

/// Whether two puzzles' labels are the same, by Python's `==`.
pub fn same(py: Python<'_>, a: Option<&Nodes>, b: Option<&Nodes>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(a, b)| a.bind(py).eq(b.bind(py)).unwrap_or(false))
        }
        _ => false,
    }
}

/// A copy of the labels, for a getter or a pickle.
pub fn listed<'py>(py: Python<'py>, nodes: Option<&Nodes>) -> Option<Vec<Py<PyAny>>> {
    nodes.map(|nodes| nodes.iter().map(|node| node.clone_ref(py)).collect())
}

/// `board` as the boards are read: with labels, a mapping of every node to its colour becomes
/// the row of colours in the nodes' order; any other value is passed on as it is.
pub fn board_in_order<'py>(
    nodes: Option<&Nodes>,
    board: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Bound<'py, PyAny>> {
    // Only a labelled puzzle looks for a mapping: the check is an ABC's, slow beside a read.
    let Some(nodes) = nodes else {
        return Ok(board.clone());
    };
    let Ok(mapping) = board.cast::<PyMapping>() else {
        return Ok(board.clone());
    };
    let py = board.py();
    let mut colors = Vec::with_capacity(nodes.len());
    for node in nodes {
        let node = node.bind(py);
        match mapping.get_item(node) {
            Ok(color) => colors.push(color),
            Err(_) => {
                return Err(flip_error(format!(
                    "{what}: node {} has no colour: a board of a graph gives every node's",
                    short_repr(node)
                )));
            }
        }
    }
    if mapping.len()? > nodes.len() {
        let known = PySet::new(py, nodes.iter().map(|node| node.bind(py)))?;
        for key in mapping.keys()? {
            if !known.contains(&key)? {
                return Err(flip_error(format!(
                    "{what}: {} is no node of the graph",
                    short_repr(&key)
                )));
            }
        }
    }
    Ok(PyList::new(py, colors)?.into_any())
}

/// Boards as `solve_many` reads them: with labels, an iterable of boards whose mappings become
/// rows; an array, or any value without labels, is passed on.
pub fn boards_in_order<'py>(
    nodes: Option<&Nodes>,
    boards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    if nodes.is_none() || boards.cast::<numpy::PyUntypedArray>().is_ok() {
        return Ok(boards.clone());
    }
    let Ok(items) = boards.try_iter() else {
        return Ok(boards.clone());
    };
    let mut read = Vec::new();
    for (index, item) in items.enumerate() {
        read.push(board_in_order(nodes, &item?, &format!("boards[{index}]"))?);
    }
    Ok(PyList::new(boards.py(), read)?.into_any())
}

/// Adds `"node"`, the vertex's label, to every cell record (a dict with `row` and `col`, the
/// column counted from 1) inside `value`, which lists and dicts hold.
pub fn name_cells(nodes: Option<&Nodes>, value: &Bound<'_, PyAny>) -> PyResult<()> {
    let Some(nodes) = nodes else {
        return Ok(());
    };
    if let Ok(list) = value.cast::<PyList>() {
        for item in list.iter() {
            name_cells(Some(nodes), &item)?;
        }
    } else if let Ok(dict) = value.cast::<PyDict>() {
        let col = dict.get_item("col")?;
        match col {
            Some(col) if dict.contains("row")? => {
                let index = col.extract::<usize>()?.saturating_sub(1);
                if let Some(node) = nodes.get(index) {
                    dict.set_item("node", node.bind(value.py()))?;
                }
            }
            _ => {
                for item in dict.values() {
                    name_cells(Some(nodes), &item)?;
                }
            }
        }
    }
    Ok(())
}

/// A label as an error quotes it: its `repr`, cut short past 60 characters.
fn short_repr(node: &Bound<'_, PyAny>) -> String {
    let text = node
        .repr()
        .map(|repr| repr.to_string())
        .unwrap_or_else(|_| "a label".to_string());
    if text.chars().count() > 60 {
        format!("{}...", text.chars().take(57).collect::<String>())
    } else {
        text
    }
}
