//! Green Hackenbush (`--rules hackenbush`): pictures with their values worked out by the
//! fusion and colon principles, the nim-sum of a sum of them, who wins and a winning cut.
//! Data only; the values come from the engine when a report is built, so none is unchecked.

use crate::engine::Grundy;
use crate::engine::Judgement;
use crate::engine::{Picture, Valuation, winning_cut};

/// Which command asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HackenbushView {
    /// `grundy PICTURE`: one picture's value with its working.
    Grundy,
    /// `winner`: the values, their nim-sum and who wins.
    Winner,
    /// `move`: as `winner`, and a winning cut.
    Move,
    /// `nimsum`: the values with each picture's working, and their nim-sum.
    NimSum,
}

/// One component: a picture as written and its valuation.
#[derive(Debug, Clone)]
pub struct HackenbushComponent {
    written: String,
    picture: Picture,
    valuation: Valuation,
}

impl HackenbushComponent {
    /// A picture, valued here.
    pub fn new(written: String, picture: Picture) -> Self {
        let valuation = picture.valuation();
        Self {
            written,
            picture,
            valuation,
        }
    }

    /// The picture as the user wrote it (or the file it came from).
    pub fn written(&self) -> &str {
        &self.written
    }

    pub fn picture(&self) -> &Picture {
        &self.picture
    }

    pub fn valuation(&self) -> &Valuation {
        &self.valuation
    }

    pub fn value(&self) -> Grundy {
        self.valuation.value()
    }
}

/// A winning cut: which component, the edge's two ends by name, and what the component is
/// worth after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HackenbushCut {
    pub component: usize,
    /// The edge's index in the component's picture.
    pub edge: usize,
    pub from: String,
    pub to: String,
    pub leaves: Grundy,
}

/// A sum of pictures, valued, with its verdict and (for `move`) the first winning cut.
#[derive(Debug, Clone)]
pub struct HackenbushReport {
    view: HackenbushView,
    components: Vec<HackenbushComponent>,
    nim_sum: Grundy,
    cut: Option<HackenbushCut>,
}

impl HackenbushReport {
    /// Values the components, their nim-sum, and for `move` searches for a winning cut.
    pub fn new(view: HackenbushView, components: Vec<HackenbushComponent>) -> Self {
        let values: Vec<Grundy> = components.iter().map(HackenbushComponent::value).collect();
        let nim_sum = values.iter().fold(0, |a, &v| a ^ v);
        let cut = if view == HackenbushView::Move {
            let pictures: Vec<Picture> = components.iter().map(|c| c.picture.clone()).collect();
            winning_cut(&pictures, &values).map(|cut| {
                let picture = &components[cut.component].picture;
                let (a, b) = picture.edges()[cut.edge];
                HackenbushCut {
                    component: cut.component,
                    edge: cut.edge,
                    from: picture.name(a).to_string(),
                    to: picture.name(b).to_string(),
                    leaves: cut.leaves,
                }
            })
        } else {
            None
        };
        Self {
            view,
            components,
            nim_sum,
            cut,
        }
    }

    pub fn view(&self) -> HackenbushView {
        self.view
    }

    pub fn components(&self) -> &[HackenbushComponent] {
        &self.components
    }

    /// The nim-sum of the components' values.
    pub fn nim_sum(&self) -> Grundy {
        self.nim_sum
    }

    /// Whether no picture has an edge left to cut.
    pub fn no_move_left(&self) -> bool {
        self.components.iter().all(|c| c.picture.edges().is_empty())
    }

    /// Who wins with perfect play: the player to move iff the nim-sum is not 0.
    pub fn judgement(&self) -> Judgement {
        Judgement::by_nim_sum(self.nim_sum, self.no_move_left())
    }

    /// The winning cut, for `move` when the player to move wins.
    pub fn cut(&self) -> Option<&HackenbushCut> {
        self.cut.as_ref()
    }
}
