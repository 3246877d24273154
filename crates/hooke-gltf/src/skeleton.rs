//! The skeleton of a glTF file: the chosen skin's joints in depth-first order with their parents
//! (nearest ancestor that is a joint), rest transforms, the static transform of the nodes above
//! each root, and what hooke itself stored in `extras` (BVH channels, end sites).

use glam::{Mat4, Quat, Vec3};
use gltf::json;
use hooke_bvh::Channel;

use crate::GltfError;

/// A node's rest transform as translation, rotation, scale.
pub(crate) fn rest(node: &json::Node, at: &str) -> Result<(Vec3, Quat, Vec3), GltfError> {
    let (t, r, s) = match node.matrix {
        Some(m) => {
            let (s, r, t) = Mat4::from_cols_array(&m).to_scale_rotation_translation();
            (t, r, s)
        }
        None => (
            node.translation.map_or(Vec3::ZERO, Vec3::from_array),
            node.rotation
                .map_or(Quat::IDENTITY, |q| Quat::from_array(q.0)),
            node.scale.map_or(Vec3::ONE, Vec3::from_array),
        ),
    };
    if !(t.is_finite() && r.is_finite() && s.is_finite()) {
        return Err(GltfError::invalid(at, "rest transform is not finite"));
    }
    // A length that overflows (components of 1e38) normalised to a zero quaternion, which
    // became the identity without a word.
    let length = r.length();
    if !(length.is_finite() && length >= 1e-6) {
        return Err(GltfError::invalid(
            at,
            format!("rest rotation has length {length}, expected a unit quaternion"),
        ));
    }
    Ok((t, r.normalize(), s))
}

/// The joints read from a file.
#[derive(Debug)]
pub(crate) struct Skeleton {
    /// Node index of each joint, depth-first.
    pub(crate) nodes: Vec<usize>,
    pub(crate) parents: Vec<Option<usize>>,
    pub(crate) names: Vec<String>,
    pub(crate) rest: Vec<(Vec3, Quat, Vec3)>,
    /// For roots: the rest transform of the nodes above them (rotation, translation), and the
    /// uniform scale it applies to the whole subtree (1 below non-roots).
    pub(crate) base: Vec<(Quat, Vec3)>,
    pub(crate) subtree_scale: Vec<f32>,
    pub(crate) end_sites: Vec<Option<Vec3>>,
    pub(crate) channels: Vec<Option<Vec<Channel>>>,
    /// The skin's name (or `skins[i]`), `None` when the file has no skin.
    pub(crate) skin: Option<String>,
}

/// What hooke stores in a node's `extras`.
#[derive(Default)]
struct HookeExtras {
    channels: Option<Vec<Channel>>,
    end_site: bool,
}

fn extras(node: &json::Node) -> HookeExtras {
    let mut out = HookeExtras::default();
    let Some(raw) = node.extras.as_ref() else {
        return out;
    };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(raw.get()) else {
        return out;
    };
    let hooke = &value["hooke"];
    if let Some(list) = hooke["bvhChannels"].as_array() {
        let channels: Option<Vec<Channel>> = list
            .iter()
            .map(|c| c.as_str().and_then(|s| s.parse().ok()))
            .collect();
        out.channels = channels.filter(|c| c.len() <= 6);
    }
    out.end_site = hooke["endSite"].as_bool() == Some(true);
    out
}

/// A joint name BVH can hold: white space and braces become `_`, an empty name `joint<i>`.
fn bvh_name(name: Option<&str>, node: usize) -> String {
    match name {
        Some(n) if !n.trim().is_empty() => n
            .chars()
            .map(|c| {
                if c.is_whitespace() || c == '{' || c == '}' {
                    '_'
                } else {
                    c
                }
            })
            .collect(),
        _ => format!("node{node}"),
    }
}

/// The parent of every node, checking that no node has two parents and there is no cycle.
fn node_parents(root: &json::Root) -> Result<Vec<Option<usize>>, GltfError> {
    let n = root.nodes.len();
    let mut parent = vec![None; n];
    for (index, node) in root.nodes.iter().enumerate() {
        for child in node.children.iter().flatten() {
            let c = child.value();
            if c >= n {
                return Err(GltfError::invalid(
                    format!("nodes[{index}].children"),
                    format!("no node {c}"),
                ));
            }
            if parent[c].is_some() || c == index {
                return Err(GltfError::invalid(
                    format!("nodes[{c}]"),
                    "has more than one parent (the node hierarchy must be a forest)",
                ));
            }
            parent[c] = Some(index);
        }
    }
    // With one parent each, a cycle is a walk up longer than the node count. Each walk stops
    // at a node already known to reach a root, and marks its path: linear in the node count
    // (a walk from every node to the root is quadratic for a 100,000-node chain).
    let mut reaches_root = vec![false; n];
    for start in 0..n {
        let mut at = start;
        let mut steps = 0;
        while !reaches_root[at] {
            let Some(p) = parent[at] else { break };
            at = p;
            steps += 1;
            if steps > n {
                return Err(GltfError::invalid(
                    format!("nodes[{start}]"),
                    "is its own ancestor",
                ));
            }
        }
        let mut at = start;
        while !reaches_root[at] {
            reaches_root[at] = true;
            match parent[at] {
                Some(p) => at = p,
                None => break,
            }
        }
    }
    Ok(parent)
}

/// Picks the skin (`selector`: a name or an index; the first skin without one) and orders its
/// joints. A file without skins uses every node as a joint.
pub(crate) fn skeleton(
    root: &json::Root,
    selector: Option<&str>,
    warnings: &mut Vec<String>,
) -> Result<Skeleton, GltfError> {
    let node_parent = node_parents(root)?;
    let n = root.nodes.len();
    let (joint_nodes, skin): (Vec<usize>, Option<String>) = if root.skins.is_empty() {
        if let Some(s) = selector {
            return Err(GltfError::NotFound {
                message: format!("no skin `{s}`: the file has no skins"),
            });
        }
        ((0..n).collect(), None)
    } else {
        let index = match selector {
            None => 0,
            Some(s) => root
                .skins
                .iter()
                .position(|skin| skin.name.as_deref() == Some(s))
                .or_else(|| s.parse::<usize>().ok().filter(|&i| i < root.skins.len()))
                .ok_or_else(|| GltfError::NotFound {
                    message: format!(
                        "no skin `{s}`; the file has {}",
                        list(root.skins.iter().map(|k| k.name.as_deref()))
                    ),
                })?,
        };
        if root.skins.len() > 1 && selector.is_none() {
            warnings.push(format!(
                "{} skins; reading the first (choose with --skin: {})",
                root.skins.len(),
                list(root.skins.iter().map(|k| k.name.as_deref()))
            ));
        }
        let skin = &root.skins[index];
        let joints: Vec<usize> = skin.joints.iter().map(|j| j.value()).collect();
        (
            joints,
            Some(
                skin.name
                    .clone()
                    .unwrap_or_else(|| format!("skins[{index}]")),
            ),
        )
    };
    let mut joint_of = vec![None; n];
    for (k, &node) in joint_nodes.iter().enumerate() {
        if node >= n {
            return Err(GltfError::invalid("skin.joints", format!("no node {node}")));
        }
        if joint_of[node].is_some() {
            return Err(GltfError::invalid(
                "skin.joints",
                format!("node {node} is listed twice"),
            ));
        }
        joint_of[node] = Some(k);
    }
    if joint_nodes.is_empty() {
        return Err(GltfError::invalid("skins", "no joints (and no nodes)"));
    }
    // Nearest joint ancestor of each joint, and its children in skin order.
    let mut joint_parent = vec![None; joint_nodes.len()];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); joint_nodes.len()];
    let mut roots = Vec::new();
    // Nearest joint ancestor of every node, memoised (`Some(None)`: none), so that many joints
    // under one long chain of plain nodes do not each walk the whole chain.
    let mut joint_above: Vec<Option<Option<usize>>> = vec![None; n];
    let mut path = Vec::new();
    for (k, &node) in joint_nodes.iter().enumerate() {
        let mut up = node_parent[node];
        let found = loop {
            let Some(p) = up else { break None };
            if joint_of[p].is_some() {
                break Some(p);
            }
            if let Some(known) = joint_above[p] {
                break known;
            }
            path.push(p);
            up = node_parent[p];
        };
        for p in path.drain(..) {
            joint_above[p] = Some(found);
        }
        up = found;
        match up.and_then(|p| joint_of[p]) {
            Some(pj) => {
                joint_parent[k] = Some(pj);
                children[pj].push(k);
            }
            None => roots.push(k),
        }
    }
    // Depth-first order (explicit stack: any depth is safe).
    let mut order = Vec::with_capacity(joint_nodes.len());
    let mut stack: Vec<usize> = roots.iter().rev().copied().collect();
    while let Some(k) = stack.pop() {
        order.push(k);
        stack.extend(children[k].iter().rev());
    }
    let mut new_index = vec![0; joint_nodes.len()];
    for (i, &k) in order.iter().enumerate() {
        new_index[k] = i;
    }
    let mut out = Skeleton {
        nodes: Vec::new(),
        parents: Vec::new(),
        names: Vec::new(),
        rest: Vec::new(),
        base: Vec::new(),
        subtree_scale: Vec::new(),
        end_sites: Vec::new(),
        channels: Vec::new(),
        skin,
    };
    let mut nonuniform = false;
    let mut globals: Vec<Option<Mat4>> = vec![None; n];
    for &k in &order {
        let node_index = joint_nodes[k];
        let node = &root.nodes[node_index];
        let at = format!("nodes[{node_index}]");
        let parent = joint_parent[k].map(|p| new_index[p]);
        let (base, scale) = match parent {
            Some(p) => ((Quat::IDENTITY, Vec3::ZERO), out.subtree_scale[p]),
            None => {
                let m = match node_parent[node_index] {
                    Some(p) => above(root, &node_parent, &mut globals, p)?,
                    None => Mat4::IDENTITY,
                };
                let (s, r, t) = m.to_scale_rotation_translation();
                let uniform = (s.x + s.y + s.z) / 3.0;
                if (s - Vec3::splat(uniform)).abs().max_element() > 1e-4 * uniform.abs() {
                    nonuniform = true;
                }
                ((r, t), uniform)
            }
        };
        let found = extras(node);
        let end_site = node.children.iter().flatten().find_map(|c| {
            let child = root.nodes.get(c.value())?;
            let leaf =
                joint_of[c.value()].is_none() && child.children.as_ref().is_none_or(Vec::is_empty);
            (leaf && extras(child).end_site)
                .then(|| rest(child, "").ok().map(|(t, _, _)| t))
                .flatten()
        });
        out.nodes.push(node_index);
        out.parents.push(parent);
        out.names.push(bvh_name(node.name.as_deref(), node_index));
        out.rest.push(rest(node, &at)?);
        out.base.push(base);
        out.subtree_scale.push(scale);
        out.end_sites.push(end_site);
        out.channels.push(found.channels);
    }
    if nonuniform {
        warnings
            .push("nodes above the skeleton scale it unevenly; using their mean scale".to_owned());
    }
    Ok(out)
}

/// The rest transform of node `node` in the scene (its ancestors' and its own), memoised in
/// `globals` so that each node's transform is composed once.
fn above(
    root: &json::Root,
    node_parent: &[Option<usize>],
    globals: &mut [Option<Mat4>],
    node: usize,
) -> Result<Mat4, GltfError> {
    let mut chain = Vec::new();
    let mut up = Some(node);
    let mut m = Mat4::IDENTITY;
    while let Some(p) = up {
        if let Some(g) = globals[p] {
            m = g;
            break;
        }
        chain.push(p);
        up = node_parent[p];
    }
    for &p in chain.iter().rev() {
        let (t, r, s) = rest(&root.nodes[p], &format!("nodes[{p}]"))?;
        m *= Mat4::from_scale_rotation_translation(s, r, t);
        globals[p] = Some(m);
    }
    Ok(m)
}

/// `a, b, #2` for warnings and errors: names, or indices for unnamed objects.
pub(crate) fn list<'a>(names: impl Iterator<Item = Option<&'a str>>) -> String {
    let all: Vec<String> = names
        .enumerate()
        .map(|(i, n)| n.map_or(format!("#{i}"), |n| format!("`{n}` (#{i})")))
        .collect();
    if all.is_empty() {
        "none".to_owned()
    } else {
        all.join(", ")
    }
}
