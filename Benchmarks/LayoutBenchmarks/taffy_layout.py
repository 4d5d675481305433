"""The LayoutBenchmarks tree laid out by Taffy (PyPI's stretchable), timing Taffy's layout call alone.

Run by LayoutBenchmarks (main.swift builds the same tree), which sends a number of runs per
line and reads back `median_ms checksum` per line.
Labels get their measured text size (count x 7 by 17 pt) as their size, so no Python
callback runs during the layout: text measured once and cached, as on the Swift side.
"""
import sys
import time

import stretchable.node
from stretchable import Node, Style
from stretchable.style import AlignContent, AlignItems, FlexDirection, PCT, PT

# Node.compute_layout runs Taffy's layout, then copies every node's result into Python
# objects; the benchmark calls Taffy's layout entry point itself (no Python callback runs
# during it, as no node has a measure function) and copies the results after, untimed.
from stretchable import taffylib
from stretchable.style.geometry.size import SizeAvailableSpace


SECTIONS, ROWS, CARDS = 10, 10, 10


def label_length(card, label):
    return 3 + (card * 3 + label) % 17


def style(**kwargs):
    # Yoga's defaults, which Touchstone uses: a column, no shrinking, lines packed at the start.
    base = dict(flex_direction=FlexDirection.COLUMN, flex_shrink=0.0, align_content=AlignContent.FLEX_START)
    base.update(kwargs)
    return Style(**base)


def make_tree():
    root = Node(style=style(size=(1920 * PT, 1080 * PT), padding=8 * PT, gap=8 * PT))
    card = 0
    for _ in range(SECTIONS):
        section = Node(style=style(flex_grow=1.0, gap=2 * PT))
        root.append(section)
        for _ in range(ROWS):
            row = Node(style=style(flex_direction=FlexDirection.ROW, align_items=AlignItems.CENTER,
                                   flex_grow=1.0, gap=4 * PT))
            section.append(row)
            for _ in range(CARDS):
                card_node = Node(style=style(flex_grow=1.0, flex_basis=0 * PT, padding=4 * PT, gap=2 * PT))
                row.append(card_node)
                for k in range(3):
                    card_node.append(Node(style=style(size=(label_length(card, k) * 7 * PT, 17 * PT))))
                    card_node.append(Node(style=style(size=(50 * PCT, 4 * PT))))
                    card_node.append(Node(style=style(flex_grow=1.0)))
                card += 1
    return root


def checksum(node):
    box = node.get_box()
    total = box.x + box.y + box.width + box.height
    for child in node:
        total += checksum(child)
    return total


def main():
    """Builds the tree once, then answers each line `N` on stdin with `median_ms checksum` of
    N layouts (every node marked dirty before each, so Taffy computes all of it again), until
    stdin closes: LayoutBenchmarks alternates rounds of its own layouts with these."""
    root = make_tree()
    stretchable.node.taffy.use_rounding = True
    space = SizeAvailableSpace(1920, 1080).to_dict()
    ids = []

    def collect(node):
        ids.append(node._node_id)
        for child in node:
            collect(child)

    collect(root)
    taffy = stretchable.node.taffy._ptr
    for line in sys.stdin:
        runs = int(line)
        times = []
        for _ in range(runs + 1):
            for node_id in ids:
                taffylib.node_mark_dirty(taffy, node_id)
            start = time.thread_time_ns()
            if not taffylib.node_compute_layout(taffy, root._node_id, space):
                sys.exit("Taffy's layout failed")
            times.append((time.thread_time_ns() - start) / 1e6)
        root._update_layout()
        total = checksum(root)
        times = sorted(times[1:])
        print(f"{times[len(times) // 2]:.3f} {total:g}", flush=True)


if __name__ == "__main__":
    main()
