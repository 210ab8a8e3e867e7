//! `archie memory export` in other tools' formats, checked by those tools themselves:
//! Graphviz renders the DOT, Backstage's catalog-model validates the catalog, Python's XML
//! parser reads the GraphML, Chromium shows the view. `.ci/formats-setup.sh` installs
//! them; a missing one fails the test unless `ARCHIE_TEST_SKIP_INTEROP=1` says to skip.

use crate::support::TestEnv;
use crate::support::mcp_servers::repo;
use crate::support::other_side::missing;
use std::path::PathBuf;
use std::process::Command;

/// A memory with the names that break naive exports: quotes, `<`, a keyword (`end`,
/// `node`), a leading digit, two spellings that sanitise alike, non-ASCII.
const MEMORY: &str = r#"{
  "entities": [
    {"name": "Order Service", "type": "service", "description": "Takes \"orders\" <fast> & safe"},
    {"name": "Café", "type": "service"},
    {"name": "CAF", "type": "service", "description": "Another name that sanitises alike"},
    {"name": "Orders DB", "type": "database"},
    {"name": "Order Events", "type": "queue"},
    {"name": "Payments Team", "type": "team"},
    {"name": "Orders API", "type": "api", "description": "REST API of orders"},
    {"name": "Stripe", "type": "external_system"},
    {"name": "Shop", "type": "system"},
    {"name": "end", "type": "service"},
    {"name": "node", "type": "cache"},
    {"name": "3D Secure", "type": "concept"},
    {"name": "Zahlungsprüfung", "type": "service", "properties": {"aliases": ["payment check"]}},
    {"name": "Web Frontend", "type": "frontend"},
    {"name": "Shared Lib", "type": "library"}
  ],
  "relationships": [
    {"from": "Order Service", "to": "Orders DB", "type": "writes_to"},
    {"from": "Order Service", "to": "Order Events", "type": "publishes_to"},
    {"from": "Payments Team", "to": "Order Service", "type": "owns"},
    {"from": "Order Service", "to": "Stripe", "type": "calls"},
    {"from": "Order Service", "to": "Orders API", "type": "exposes"},
    {"from": "Web Frontend", "to": "Orders API", "type": "calls"},
    {"from": "Order Service", "to": "Shop", "type": "part_of"},
    {"from": "end", "to": "node", "type": "reads_from"},
    {"from": "Zahlungsprüfung", "to": "Order Events", "type": "subscribes_to"},
    {"from": "Café", "to": "Shared Lib", "type": "depends_on"},
    {"from": "CAF", "to": "Café", "type": "calls"}
  ]
}"#;

const ENTITIES: usize = 15;
const RELATIONSHIPS: usize = 11;

fn env() -> TestEnv {
    let env = TestEnv::new();
    env.write("context.json", MEMORY);
    env
}

fn export(env: &TestEnv, format: &str) -> String {
    let ran = env.ok(&["memory", "export", "--format", format, "--system", "Shop"]);
    assert!(ran.stdout.ends_with('\n'), "{format}: {}", ran.stdout);
    ran.stdout
}

/// A program the setup script installs; without it the test fails (or, under
/// `ARCHIE_TEST_SKIP_INTEROP=1`, says it is skipped: `None`).
pub(crate) fn needed(program: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(program))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        missing(&format!(
            "`{program}` is not installed (run .ci/formats-setup.sh)"
        ));
    }
    found
}

/// The npm packages of .ci/formats-setup.sh.
fn consumers() -> Option<PathBuf> {
    let cache = std::env::var_os("ARCHIE_MCP_CACHE")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join(".ci/cache"));
    let dir = cache.join("formats/node_modules");
    let ready = ["@backstage/catalog-model", "yaml", "playwright-core"]
        .iter()
        .all(|p| dir.join(p).join("package.json").is_file());
    if !ready {
        missing(&format!(
            "{} lacks Backstage's catalog-model, yaml or playwright-core (run .ci/formats-setup.sh)",
            dir.display()
        ));
        return None;
    }
    Some(dir)
}

#[test]
fn graphviz_renders_the_dot_export_without_a_warning() {
    let env = env();
    let dot = export(&env, "dot");
    let file = env.write("graph.dot", &dot);
    let Some(dot_program) = needed("dot") else {
        return;
    };
    let out = Command::new(dot_program)
        .args(["-Tsvg", "-o"])
        .arg(env.path().join("graph.svg"))
        .arg(&file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "dot failed: {stderr}\n{dot}");
    assert_eq!(stderr, "", "dot warned:\n{dot}");
    let svg = env.read("graph.svg");
    // Every entity is a node of the picture and every relationship an edge.
    assert_eq!(svg.matches("class=\"node\"").count(), ENTITIES, "{svg}");
    assert_eq!(
        svg.matches("class=\"edge\"").count(),
        RELATIONSHIPS,
        "{svg}"
    );
    for label in ["Zahlungsprüfung", "publishes to", "&lt;fast&gt;"] {
        assert!(svg.contains(label), "{label} not in the SVG");
    }
}

#[test]
fn backstage_validates_the_catalog_export() {
    let env = env();
    let catalog = export(&env, "backstage");
    let file = env.write("catalog-info.yaml", &catalog);
    let (Some(node), Some(modules)) = (needed("node"), consumers()) else {
        return;
    };
    let out = Command::new(node)
        .arg(repo().join("tests/it/consumers/backstage_validate.js"))
        .arg(&file)
        .env("NODE_PATH", modules)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{report}{}\n{catalog}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Libraries, services, the frontend and the system are components or systems; the
    // concept is not a catalog entity.
    let mut kinds: Vec<&str> = report
        .lines()
        .map(|l| l.trim_start_matches("ok ").split(':').next().unwrap())
        .collect();
    kinds.sort_unstable();
    assert_eq!(
        kinds,
        [
            "API",
            "Component",
            "Component",
            "Component",
            "Component",
            "Component",
            "Component",
            "Component",
            "Group",
            "Resource",
            "Resource",
            "Resource",
            "System",
            "System",
        ],
        "{report}"
    );
    for line in [
        "ok Component:order-service",
        "ok Component:caf",
        "ok Component:caf-2",
        "ok Component:zahlungspr-fung",
    ] {
        assert!(report.contains(line), "{line} not in\n{report}");
    }
    for field in [
        "owner: \"group:default/payments-team\"",
        "system: \"shop\"",
        "providesApis:\n    - \"api:default/orders-api\"",
        "consumesApis:\n    - \"api:default/orders-api\"",
        "archie/aliases: \"payment check\"",
    ] {
        assert!(catalog.contains(field), "{field} not in\n{catalog}");
    }
}

#[test]
fn python_reads_the_graphml_export() {
    let env = env();
    let file = env.write("graph.graphml", export(&env, "graphml"));
    let script = "import sys, xml.etree.ElementTree as E\n\
        ns = {'g': 'http://graphml.graphdrawing.org/xmlns'}\n\
        root = E.parse(sys.argv[1]).getroot()\n\
        nodes = root.findall('.//g:node', ns); edges = root.findall('.//g:edge', ns)\n\
        names = {d.text for n in nodes for d in n.findall('g:data', ns) if d.get('key') == 'name'}\n\
        print(len(nodes), len(edges), 'Order Service' in names, 'Zahlungsprüfung' in names)";
    let Some(python) = needed("python3") else {
        return;
    };
    let out = Command::new(python)
        .args(["-c", script])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("{ENTITIES} {RELATIONSHIPS} True True")
    );
}

#[test]
fn structurizr_and_c4_name_the_system_after_the_memorys_system_or_the_folder() {
    let env = env();
    // The memory's one system is the system the containers belong to.
    let ran = env.ok(&["memory", "export", "--format", "c4-mermaid"]);
    assert!(
        ran.stdout.contains("System_Boundary(e_shop, \"Shop\")"),
        "{}",
        ran.stdout
    );
    // Without one (two systems here), the memory file's folder names it.
    let memory = MEMORY.replace(
        r#"{"name": "Stripe", "type": "external_system"}"#,
        r#"{"name": "Stripe", "type": "system"}"#,
    );
    env.write("context.json", memory);
    let ran = env.ok(&["memory", "export", "--format", "structurizr"]);
    let folder = env
        .path()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .to_string();
    assert!(
        ran.stdout
            .contains(&format!("softwareSystem \"{folder}\" {{")),
        "{}",
        ran.stdout
    );
    let c4 = export(&env, "c4-mermaid");
    assert!(
        c4.starts_with("C4Container\n    title Containers of Shop\n"),
        "{c4}"
    );
    // Every relationship between two C4 elements is drawn. Not drawn: the one to the
    // library (not a C4 element) and the one to Shop, the system the diagram is of.
    assert_eq!(c4.matches("    Rel(").count(), RELATIONSHIPS - 2, "{c4}");
    assert!(!c4.contains("System(e_shop"), "{c4}");
    assert!(c4.contains("System_Boundary(e_shop, \"Shop\")"), "{c4}");
}

/// Runs tests/it/consumers/view_check.js on a page: what Chromium shows.
/// `None`: skipped under `ARCHIE_TEST_SKIP_INTEROP=1`.
fn look_at(
    page: &std::path::Path,
    term: &str,
    hide: &str,
    system: &str,
) -> Option<serde_json::Value> {
    let (Some(node), Some(chromium), Some(modules)) =
        (needed("node"), needed("chromium"), consumers())
    else {
        return None;
    };
    let out = Command::new(node)
        .arg(repo().join("tests/it/consumers/view_check.js"))
        .args([page.to_str().unwrap(), term, hide, system])
        .env("NODE_PATH", modules)
        .env("CHROMIUM", chromium)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    Some(serde_json::from_slice(&out.stdout).unwrap())
}

/// What a person sees of the entity a search selected: its circle and label drawn in the
/// viewport at full opacity, nothing drawn over them, the label at least 12 px, a ring
/// around it; each neighbour drawn and named the same way; each of its edges drawn above
/// the rest with an arrowhead of at least 6 px whose tip ends at the target's circle (not
/// under it).
fn readable_and_directed(seen: &serde_json::Value) {
    let geometry = &seen["selected_geometry"];
    let looks = |node: &serde_json::Value, smallest: f64| {
        assert!(node["label"] == node["name"], "label not drawn: {node}");
        assert!(node["label_px"].as_f64().unwrap() >= smallest, "{node}");
        assert_eq!(node["label_in_view"], true, "{node}");
        assert_eq!(node["label_covered_by"], serde_json::json!([]), "{node}");
        assert_eq!(node["circle_in_view"], true, "{node}");
        assert_eq!(node["circle_on_top"], true, "{node}");
        assert!(node["circle_px"].as_f64().unwrap() >= 10.0, "{node}");
        assert_eq!(node["opacity"], 1.0, "{node}");
    };
    looks(&geometry["selected"], 12.0);
    assert!(
        geometry["ring_px"].as_f64().unwrap() > geometry["selected"]["circle_px"].as_f64().unwrap(),
        "{geometry}"
    );
    let neighbours = geometry["neighbours"].as_array().unwrap();
    assert_eq!(
        neighbours.len(),
        seen["neighbours"].as_array().unwrap().len(),
        "{geometry}"
    );
    for neighbour in neighbours {
        looks(neighbour, 12.0);
    }
    let edges = geometry["edges"].as_array().unwrap();
    assert!(!edges.is_empty(), "{geometry}");
    for edge in edges {
        assert!(
            edge["marker"].as_str().unwrap().starts_with("url(#arrow"),
            "{edge}"
        );
        assert_eq!(edge["above_the_rest"], true, "{edge}");
        assert!(edge["opacity"].as_f64().unwrap() >= 0.8, "{edge}");
        let gap = edge["tip_gap_px"].as_f64().unwrap();
        assert!(
            (0.0..=6.0).contains(&gap),
            "tip {gap} px from the target: {edge}"
        );
        assert!(edge["arrow_px"].as_f64().unwrap() >= 6.0, "{edge}");
    }
}

fn sorted(value: &serde_json::Value) -> Vec<String> {
    let mut names: Vec<String> = value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn the_view_works_in_a_real_browser_without_the_network() {
    let env = env();
    let ran = env.ok(&["memory", "view"]);
    assert!(ran.stderr.contains("wrote context.html"), "{}", ran.stderr);
    let Some(seen) = look_at(
        &env.path().join("context.html"),
        "payment check",
        "database",
        "Shop",
    ) else {
        return;
    };
    assert_eq!(seen["console_errors"], serde_json::json!([]), "{seen}");
    assert_eq!(seen["requests"], serde_json::json!([]), "{seen}");
    assert_eq!(seen["nodes"].as_array().unwrap().len(), ENTITIES, "{seen}");
    assert_eq!(seen["edges"], RELATIONSHIPS, "{seen}");
    // An alias finds its entity; its panel and its neighbour are shown.
    assert_eq!(seen["selected"], "Zahlungsprüfung", "{seen}");
    assert_eq!(
        seen["neighbours"],
        serde_json::json!(["Order Events"]),
        "{seen}"
    );
    assert!(
        seen["panel"].as_str().unwrap().contains("payment check"),
        "{seen}"
    );
    assert_eq!(seen["after_click"], "Order Events", "{seen}");
    readable_and_directed(&seen);
    // A service, an API and an external system each have a colour of their own, and the
    // legend says which.
    let legend: Vec<(String, String)> = serde_json::from_value(seen["legend"].clone()).unwrap();
    let colour = |group: &str| {
        legend
            .iter()
            .find(|(name, _)| name == group)
            .map(|(_, c)| c.clone())
            .unwrap_or_else(|| panic!("{group} not in the legend {legend:?}"))
    };
    let (service, api, external) = (colour("service"), colour("api"), colour("external system"));
    assert!(
        service != api && api != external && service != external,
        "{legend:?}"
    );
    // The type filter hides the database and nothing else.
    let without = sorted(&seen["without_type"]);
    assert_eq!(without.len(), ENTITIES - 1, "{seen}");
    assert!(!without.contains(&"Orders DB".to_string()), "{seen}");
    // Shop's subgraph: Shop, what is part of it, and their neighbours.
    assert_eq!(
        sorted(&seen["system_nodes"]),
        [
            "Order Events",
            "Order Service",
            "Orders API",
            "Orders DB",
            "Payments Team",
            "Shop",
            "Stripe"
        ],
        "{seen}"
    );
    assert_eq!(seen["all_again"], ENTITIES, "{seen}");
}

#[test]
fn the_view_of_2000_entities_loads_and_finds_one() {
    let env = TestEnv::new();
    let mut entities = Vec::new();
    let mut relationships = Vec::new();
    for i in 0..2000 {
        let kind = ["service", "database", "queue", "api"][i % 4];
        entities.push(serde_json::json!({"name": format!("Component {i}"), "type": kind}));
        if i > 0 {
            relationships.push(serde_json::json!({
                "from": format!("Component {i}"), "to": format!("Component {}", i / 3), "type": "calls"
            }));
        }
    }
    env.write(
        "context.json",
        serde_json::json!({"entities": entities, "relationships": relationships}).to_string(),
    );
    env.ok(&["memory", "view", "-o", "big.html"]);
    let Some(seen) = look_at(&env.path().join("big.html"), "component 1999", "queue", "-") else {
        return;
    };
    assert_eq!(seen["console_errors"], serde_json::json!([]), "{seen}");
    assert_eq!(seen["nodes"].as_array().unwrap().len(), 2000);
    assert_eq!(seen["edges"], 1999);
    assert_eq!(seen["selected"], "Component 1999");
    assert_eq!(seen["neighbours"], serde_json::json!(["Component 666"]));
    readable_and_directed(&seen);
    // The first screen names the most connected entities, not none and not all, and
    // its clusters (by type family here: no system), none over another.
    let first = &seen["first_screen"];
    let named = first["labels"].as_u64().unwrap();
    assert!(
        (4..=200).contains(&named),
        "{named} labels on the first screen: {first}"
    );
    assert_eq!(
        sorted(&first["clusters"]),
        ["api (500)", "queue (500)", "service (500)", "store (500)"],
        "{first}"
    );
    assert_eq!(first["overlaps"], serde_json::json!([]), "{first}");
    assert!(
        first["smallest_px"].as_f64().unwrap() >= 12.0 - 1e-3,
        "{first}"
    );
    assert_eq!(seen["without_type"].as_array().unwrap().len(), 1500);
}

#[test]
fn the_view_does_not_replace_a_page_of_the_users() {
    let env = env();
    env.write("context.html", "<p>my notes</p>");
    let ran = env.code(&["memory", "view"], 2);
    assert!(
        ran.stderr
            .contains("context.html exists and is not a page archie wrote"),
        "{}",
        ran.stderr
    );
    assert_eq!(env.read("context.html"), "<p>my notes</p>");
    // archie's own page is replaced, and -o names any file.
    env.ok(&["memory", "view", "-o", "context.html"]);
    env.ok(&["memory", "view"]);
    assert!(env.read("context.html").contains("archie memory view"));
}

#[test]
fn an_unknown_format_lists_the_formats() {
    let env = env();
    let ran = env.code(&["memory", "export", "--format", "svg"], 2);
    for format in ["dot", "graphml", "structurizr", "c4-mermaid", "backstage"] {
        assert!(ran.stderr.contains(format), "{format}: {}", ran.stderr);
    }
}

/// A catalog in two files, one of them with several documents, as teams keep them.
const CATALOG_SHOP: &str = r#"apiVersion: backstage.io/v1alpha1
kind: System
metadata:
  name: shop
  title: Shop
spec:
  owner: group:default/team-payments
  domain: commerce
---
apiVersion: backstage.io/v1alpha1
kind: Domain
metadata:
  name: commerce
spec:
  owner: team-payments
---
apiVersion: backstage.io/v1alpha1
kind: Group
metadata:
  name: team-payments
  title: Payments Team
spec:
  type: team
  children: []
---
apiVersion: backstage.io/v1alpha1
kind: Location
metadata:
  name: shop-locations
spec:
  targets: [./services/*.yaml]
"#;

const CATALOG_SERVICES: &str = r#"apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: order-service
  title: Order Service
  description: Takes orders
spec:
  type: service
  lifecycle: production
  owner: team-payments
  system: shop
  dependsOn:
    - resource:default/orders-db
  providesApis:
    - orders-api
---
apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: web-shop
spec:
  type: website
  lifecycle: production
  owner: team-payments
  system: shop
  consumesApis: [orders-api]
---
apiVersion: backstage.io/v1alpha1
kind: API
metadata:
  name: orders-api
spec:
  type: openapi
  lifecycle: production
  owner: team-payments
  system: shop
  definition: "openapi: 3.0.0"
---
apiVersion: backstage.io/v1alpha1
kind: Resource
metadata:
  name: orders-db
spec:
  type: database
  owner: team-payments
  system: shop
"#;

/// `kind:name` of every entity and `from relation to` of every relation a catalog says,
/// with references in their full form.
fn catalog_facts(yaml: &str) -> (Vec<String>, Vec<String>) {
    let mut entities = Vec::new();
    let mut relations = Vec::new();
    for doc in yaml.split("\n---\n") {
        let doc = doc.trim_start_matches("---\n");
        let field = |key: &str| {
            doc.lines()
                .find_map(|l| l.trim().strip_prefix(&format!("{key}: ")))
                .map(|v| v.trim_matches('"').to_string())
        };
        let kind = field("kind").unwrap();
        if kind == "Location" {
            continue;
        }
        let name = field("name").unwrap();
        let me = format!("{}:{name}", kind.to_lowercase());
        entities.push(me.clone());
        let full = |reference: &str, default: &str| {
            let reference = reference.trim().trim_matches('"');
            let (kind, rest) = reference.split_once(':').unwrap_or((default, reference));
            format!("{kind}:{}", rest.rsplit('/').next().unwrap())
        };
        for (key, default) in [
            ("owner", "group"),
            ("system", "system"),
            ("domain", "domain"),
        ] {
            if let Some(v) = field(key) {
                relations.push(format!("{me} {key} {}", full(&v, default)));
            }
        }
        // Lists, in flow (`[a, b]`) or block (`- a`) form.
        let lines: Vec<&str> = doc.lines().collect();
        for (key, default) in [
            ("dependsOn", "component"),
            ("providesApis", "api"),
            ("consumesApis", "api"),
        ] {
            for (i, line) in lines.iter().enumerate() {
                let Some(rest) = line.trim().strip_prefix(&format!("{key}:")) else {
                    continue;
                };
                let items: Vec<String> = if rest.trim().starts_with('[') {
                    rest.trim()
                        .trim_matches(|c| c == '[' || c == ']')
                        .split(',')
                        .map(str::to_string)
                        .collect()
                } else {
                    lines[i + 1..]
                        .iter()
                        .take_while(|l| l.trim_start().starts_with("- "))
                        .map(|l| l.trim_start()[2..].to_string())
                        .collect()
                };
                for item in items {
                    relations.push(format!("{me} {key} {}", full(&item, default)));
                }
            }
        }
    }
    entities.sort();
    relations.sort();
    (entities, relations)
}

#[test]
fn a_backstage_catalog_goes_through_archie_and_back_with_every_entity_and_relation() {
    let env = TestEnv::new();
    env.write("catalog/catalog-info.yaml", CATALOG_SHOP);
    env.write("catalog/services/orders.yaml", CATALOG_SERVICES);
    // The documents already mention the service, spelt their own way.
    env.write(
        "context.json",
        r#"{"entities": [{"name": "OrderService", "type": "service", "description": "From the design doc"}], "relationships": []}"#,
    );
    let ran = env.ok(&["memory", "import", "catalog"]);
    assert!(
        ran.stderr.contains(
            "read 7 catalog entities from 2 file(s); not entities archie keeps: Location"
        ),
        "{}",
        ran.stderr
    );
    // The catalog's Order Service is the documents' OrderService: one entity.
    let memory: serde_json::Value = serde_json::from_str(&env.read("context.json")).unwrap();
    let services = memory["entities"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == "service")
        .count();
    assert_eq!(services, 1, "{memory:#}");
    let shown = env.ok(&["memory", "show", "order-service"]);
    assert!(
        shown.stdout.contains("OrderService") || shown.stdout.contains("Order Service"),
        "{}",
        shown.stdout
    );

    let exported = export(&env, "backstage");
    let file = env.write("out.yaml", &exported);
    let (Some(node), Some(modules)) = (needed("node"), consumers()) else {
        return;
    };
    let out = Command::new(node)
        .arg(repo().join("tests/it/consumers/backstage_validate.js"))
        .arg(&file)
        .env("NODE_PATH", modules)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{exported}",
        String::from_utf8_lossy(&out.stdout)
    );
    let before = catalog_facts(&format!("{CATALOG_SHOP}---\n{CATALOG_SERVICES}"));
    assert_eq!((before.0.len(), before.1.len()), (7, 14), "{before:#?}");
    assert!(
        before
            .1
            .contains(&"component:order-service dependsOn resource:orders-db".to_string())
    );
    let after = catalog_facts(&exported);
    assert_eq!(after.0, before.0, "entities\n{exported}");
    assert_eq!(after.1, before.1, "relations\n{exported}");
}

/// A catalog as teams keep them: namespaces, tags, links, labels, annotations,
/// lifecycles, a gRPC API with its definition, a Kafka topic, Groups and Users, a field
/// of a plugin's (`spec.deployment`), references short and long, across namespaces.
const CATALOG_RICH: &str = r#"apiVersion: backstage.io/v1alpha1
kind: Domain
metadata:
  name: commerce
  namespace: shop
spec:
  owner: group:default/team-payments
---
apiVersion: backstage.io/v1alpha1
kind: System
metadata:
  name: checkout
  namespace: shop
  tags: [tier-1]
spec:
  owner: group:default/team-payments
  domain: commerce
---
apiVersion: backstage.io/v1alpha1
kind: Component
metadata:
  name: order-service
  namespace: shop
  title: Order Service
  description: Takes orders
  tags: [java, payments]
  labels:
    cost-center: cc-42
  annotations:
    github.com/project-slug: acme/orders
    backstage.io/techdocs-ref: dir:.
  links:
    - url: https://grafana.example.com/d/orders
      title: Dashboard
      icon: dashboard
      type: metrics
spec:
  type: service
  lifecycle: production
  owner: group:default/team-payments
  system: checkout
  providesApis: [orders-grpc]
  consumesApis: [api:default/pricing-api]
  dependsOn: [resource:order-events]
  deployment:
    replicas: 3
    regions: [eu-west-1, us-east-1]
---
apiVersion: backstage.io/v1alpha1
kind: API
metadata:
  name: orders-grpc
  namespace: shop
spec:
  type: grpc
  lifecycle: experimental
  owner: group:default/team-payments
  system: checkout
  definition: |
    syntax = "proto3";
    service Orders {
      rpc Place (Order) returns (Receipt);
    }
---
apiVersion: backstage.io/v1alpha1
kind: API
metadata:
  name: pricing-api
spec:
  type: openapi
  lifecycle: deprecated
  owner: team-pricing
  definition: "openapi: 3.0.0"
---
apiVersion: backstage.io/v1alpha1
kind: Resource
metadata:
  name: order-events
  namespace: shop
spec:
  type: kafka-topic
  owner: group:default/team-payments
  system: checkout
---
apiVersion: backstage.io/v1alpha1
kind: Resource
metadata:
  name: orders-db
  namespace: shop
spec:
  type: database
  owner: group:default/team-payments
  dependencyOf: [component:order-service]
---
apiVersion: backstage.io/v1alpha1
kind: Group
metadata:
  name: team-payments
  description: Payments and checkout
spec:
  type: team
  profile:
    displayName: Payments
    email: payments@example.com
  children: [team-checkout]
---
apiVersion: backstage.io/v1alpha1
kind: Group
metadata:
  name: team-checkout
spec:
  type: squad
  parent: team-payments
  children: []
---
apiVersion: backstage.io/v1alpha1
kind: Group
metadata:
  name: team-pricing
spec:
  type: team
  children: []
---
apiVersion: backstage.io/v1alpha1
kind: User
metadata:
  name: jane
spec:
  profile:
    displayName: Jane Doe
    email: jane@example.com
  memberOf: [team-payments, group:default/team-checkout]
---
apiVersion: backstage.io/v1alpha1
kind: User
metadata:
  name: bob
spec:
  memberOf: [team-pricing]
"#;

/// Runs a script of tests/it/consumers with the npm packages; `None` when skipped.
fn node_consumer(script: &str, args: &[&std::path::Path]) -> Option<(bool, String)> {
    let (Some(node), Some(modules)) = (needed("node"), consumers()) else {
        return None;
    };
    let out = Command::new(node)
        .arg(repo().join("tests/it/consumers").join(script))
        .args(args)
        .env("NODE_PATH", modules)
        .output()
        .unwrap();
    Some((
        out.status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    ))
}

#[test]
fn a_catalog_comes_back_out_of_archie_with_everything_it_said() {
    let env = TestEnv::new();
    let original = env.write("catalog-info.yaml", CATALOG_RICH);
    let ran = env.ok(&["memory", "import", "catalog-info.yaml"]);
    assert!(
        ran.stderr.contains("read 12 catalog entities"),
        "{}",
        ran.stderr
    );
    // What archie does not model is in the memory file, beside what it does.
    let memory: serde_json::Value = serde_json::from_str(&env.read("context.json")).unwrap();
    let entity = |name: &str| {
        memory["entities"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("{name} not in {memory:#}"))
    };
    assert_eq!(entity("order-events")["type"], "queue", "{memory:#}");
    assert_eq!(
        entity("Order Service")["tags"],
        serde_json::json!(["java", "payments"])
    );
    assert_eq!(entity("orders-grpc")["catalog"]["spec"]["type"], "grpc");
    assert_eq!(
        entity("jane")["catalog"]["spec"]["profile"]["displayName"],
        "Jane Doe"
    );

    let exported = env.write("out.yaml", export(&env, "backstage"));
    let Some((valid, report)) = node_consumer("backstage_validate.js", &[&exported]) else {
        return;
    };
    assert!(valid, "{report}\n{}", env.read("out.yaml"));
    assert_eq!(report.matches("ok ").count(), 12, "{report}");
    let (same, report) = node_consumer("backstage_compare.js", &[&original, &exported]).unwrap();
    assert!(same, "{report}\n{}", env.read("out.yaml"));
    assert!(report.contains("compared 12 entities"), "{report}");
    // And the catalog archie wrote, read again, comes back the same once more.
    env.ok(&["memory", "import", "out.yaml"]);
    let again = env.write("again.yaml", export(&env, "backstage"));
    assert_eq!(env.read("again.yaml"), env.read("out.yaml"));
    let (same, report) = node_consumer("backstage_compare.js", &[&original, &again]).unwrap();
    assert!(same, "{report}");
}

#[test]
fn a_catalog_that_is_not_yaml_is_refused_and_the_memory_kept() {
    let env = env();
    env.write("broken.yaml", "kind: [unclosed\n");
    let ran = env.code(&["memory", "import", "broken.yaml"], 2);
    assert!(
        ran.stderr.contains("cannot read the Backstage catalog: ")
            && ran.stderr.contains("broken.yaml"),
        "{}",
        ran.stderr
    );
    assert_eq!(env.read("context.json"), MEMORY);
}

/// `--view`: the run's output links to the page of the memory it saved.
#[test]
fn build_context_and_analyze_link_their_output_to_the_view() {
    let env = crate::flows::scripted_env(2);
    env.write("out/.keep", "");
    env.ok(&[
        "build-context",
        "shop",
        "-i",
        "docs",
        "--view",
        "-o",
        "out/shop.md",
    ]);
    let overview = env.read("out/shop.md");
    assert!(
        overview.ends_with(
            "\n[Explore the knowledge graph: search, filter, neighbours](../context.html)\n"
        ),
        "{overview}"
    );
    let page = env.read("context.html");
    // The page holds what this run extracted (the mock's Checkout Service).
    assert!(
        page.contains("\"n\":\"Checkout Service\""),
        "the run's entities"
    );
    // A page of the user's is not replaced: the run still succeeds and says so.
    env.write("context.html", "<p>mine</p>");
    let ran = env.ok(&["build-context", "shop", "-i", "docs", "--view"]);
    assert!(
        ran.stderr.contains("the view was not written: ")
            && ran
                .stderr
                .contains("context.html exists and is not a page archie wrote"),
        "{}",
        ran.stderr
    );
    assert_eq!(env.read("context.html"), "<p>mine</p>");

    // analyze, beside its analysis.
    let env = crate::flows::scripted_env(3);
    env.ok(&[
        "analyze",
        "-i",
        "docs",
        "-q",
        "Can checkout survive a payments outage?",
        "--view",
        "--answer",
        "It fails fast.",
        "--answer",
        "End to end.",
        "--answer",
        "/approve",
    ]);
    let analysis = env.read("analysis_result.md");
    assert!(
        analysis.ends_with(
            "\n[Explore the knowledge graph: search, filter, neighbours](context.html)\n"
        ),
        "{analysis}"
    );
    assert!(env.read("context.html").contains("archie memory view"));
}
