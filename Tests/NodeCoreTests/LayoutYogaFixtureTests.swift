import Testing
@testable import NodeCore

// Yoga's generated fixtures (gentest/fixtures/*.html in facebook/yoga, with the frames
// Chrome computes for them under Yoga's defaults), rewritten in the layout test notation:
// the edge cases of the layout rules. docs/layout.md lists them; where Yoga departs from
// CSS this engine follows CSS and the fixture is not among them.

struct YogaFixture: CustomTestStringConvertible, Sendable {
    let name: String
    let tree: String
    var testDescription: String { name }
}

@Suite struct LayoutYogaFixtureTests {
    @Test(arguments: flexFixtures + justifyFixtures + alignFixtures + minMaxFixtures + marginFixtures
            + paddingFixtures + absoluteFixtures + percentFixtures + roundingFixtures + gapFixtures + wrapFixtures)
    func yogaFixture(_ fixture: YogaFixture) {
        let tree = LayoutTree(fixture.tree).layOut()
        #expect(tree.mismatches == [], "\(fixture.name)")
    }

    static let flexFixtures = [
        YogaFixture(name: "flex_basis_flex_grow_column", tree: """
        root: width 100; height 100 => 0 0 100 100
          a: basis 50; grow 1 => 0 0 100 75
          b: grow 1 => 0 75 100 25
        """),
        YogaFixture(name: "flex_shrink_flex_grow_row", tree: """
        root: width 500; height 500; direction row
          a: width 500; height 100; shrink 1 => 0 0 250 100
          b: width 500; height 100; shrink 1 => 250 0 250 100
        """),
        YogaFixture(name: "flex_shrink_flex_grow_child_flex_shrink_other_child", tree: """
        root: width 500; height 500; direction row
          a: width 500; height 100; shrink 1 => 0 0 250 100
          b: width 500; height 100; grow 1; shrink 1 => 250 0 250 100
        """),
        YogaFixture(name: "flex_basis_flex_grow_row", tree: """
        root: width 100; height 100; direction row
          a: basis 50; grow 1 => 0 0 75 100
          b: grow 1 => 75 0 25 100
        """),
        YogaFixture(name: "flex_basis_flex_shrink_column", tree: """
        root: width 100; height 100
          a: basis 100; shrink 1 => 0 0 100 50
          b: basis 50 => 0 50 100 50
        """),
        YogaFixture(name: "flex_basis_flex_shrink_row", tree: """
        root: width 100; height 100; direction row
          a: basis 100; shrink 1 => 0 0 50 100
          b: basis 50 => 50 0 50 100
        """),
        YogaFixture(name: "flex_shrink_to_zero", tree: """
        root: height 75 => 0 0 50 75
          a: width 50; height 50 => 0 0 50 50
          b: width 50; height 50; shrink 1 => 0 50 50 0
          c: width 50; height 50 => 0 50 50 50
        """),
        YogaFixture(name: "flex_basis_overrides_main_size", tree: """
        root: width 100; height 100
          a: height 20; grow 1; basis 50 => 0 0 100 60
          b: height 10; grow 1 => 0 60 100 20
          c: height 10; grow 1 => 0 80 100 20
        """),
        YogaFixture(name: "flex_grow_less_than_factor_one", tree: """
        root: width 200; height 500
          a: grow 0.2; basis 40 => 0 0 200 132
          b: grow 0.2 => 0 132 200 92
          c: grow 0.4 => 0 224 200 184
        """),
    ]

    static let justifyFixtures = [
        YogaFixture(name: "justify_content_row_flex_end", tree: """
        root: width 102; height 102; direction row; justify flex-end
          a: width 10 => 72 0 10 102
          b: width 10 => 82 0 10 102
          c: width 10 => 92 0 10 102
        """),
        YogaFixture(name: "justify_content_row_center", tree: """
        root: width 102; height 102; direction row; justify center
          a: width 10 => 36 0 10 102
          b: width 10 => 46 0 10 102
          c: width 10 => 56 0 10 102
        """),
        YogaFixture(name: "justify_content_row_space_between", tree: """
        root: width 102; height 102; direction row; justify space-between
          a: width 10 => 0 0 10 102
          b: width 10 => 46 0 10 102
          c: width 10 => 92 0 10 102
        """),
        YogaFixture(name: "justify_content_row_space_around", tree: """
        root: width 102; height 102; direction row; justify space-around
          a: width 10 => 12 0 10 102
          b: width 10 => 46 0 10 102
          c: width 10 => 80 0 10 102
        """),
        YogaFixture(name: "justify_content_column_space_around", tree: """
        root: width 102; height 102; justify space-around
          a: height 10 => 0 12 102 10
          b: height 10 => 0 46 102 10
          c: height 10 => 0 80 102 10
        """),
        YogaFixture(name: "justify_content_column_flex_end", tree: """
        root: width 102; height 102; justify flex-end
          a: height 10 => 0 72 102 10
          b: height 10 => 0 82 102 10
          c: height 10 => 0 92 102 10
        """),
        YogaFixture(name: "justify_content_min_max", tree: """
        root: maxHeight 200; minHeight 100; width 100; justify center => 0 0 100 100
          a: width 60; height 60 => 0 20 60 60
        """),
        YogaFixture(name: "justify_content_overflow_min_max", tree: """
        root: minHeight 100; maxHeight 110; justify center => 0 0 50 110
          a: width 50; height 50 => 0 -20 50 50
          b: width 50; height 50 => 0 30 50 50
          c: width 50; height 50 => 0 80 50 50
        """),
    ]

    static let alignFixtures = [
        YogaFixture(name: "align_items_center", tree: """
        root: width 100; height 100; alignItems center
          a: width 10; height 10 => 45 0 10 10
        """),
        YogaFixture(name: "align_items_flex_end", tree: """
        root: width 100; height 100; alignItems flex-end
          a: width 10; height 10 => 90 0 10 10
        """),
        YogaFixture(name: "align_baseline", tree: """
        root: width 100; height 100; direction row; alignItems baseline
          a: width 50; height 50 => 0 0 50 50
          b: width 50; height 20 => 50 30 50 20
        """),
        YogaFixture(name: "align_baseline_child", tree: """
        root: width 100; height 100; direction row; alignItems baseline
          a: width 50; height 50 => 0 0 50 50
          b: width 50; height 20 => 50 40 50 20
            b1: width 50; height 10 => 0 0 50 10
        """),
        YogaFixture(name: "align_baseline_child_margin", tree: """
        root: width 100; height 100; direction row; alignItems baseline
          a: width 50; height 50; margin 5 => 5 5 50 50
          b: width 50; height 20 => 60 44 50 20
            b1: width 50; height 10; margin 1 => 1 1 50 10
        """),
        YogaFixture(name: "align_baseline_column", tree: """
        root: width 100; height 100; alignItems baseline
          a: width 50; height 50 => 0 0 50 50
          b: width 50; height 20 => 0 50 50 20
        """),
        YogaFixture(name: "align_items_min_max", tree: """
        root: maxWidth 200; minWidth 100; height 100; alignItems center => 0 0 100 100
          a: width 60; height 60 => 20 0 60 60
        """),
        YogaFixture(name: "align_stretch_should_size_based_on_parent", tree: """
        root: width 100; height 100
          a: shrink 1; justify center => 0 0 100 20
            b: grow 1; shrink 1 => 0 0 100 20
              c: width 20; height 20 => 0 0 20 20
        """),
        YogaFixture(name: "align_flex_start_with_stretching_children", tree: """
        root: width 500; height 500
          a: alignItems stretch => 0 0 500 0
            b: grow 1; shrink 1 => 0 0 500 0
              c: grow 1; shrink 1 => 0 0 500 0
        """),
        YogaFixture(name: "margin_auto_bottom_and_top_justify_center", tree: """
        root: width 200; height 200; justify center
          a: width 50; height 50; marginTop auto; marginBottom auto => 0 50 50 50
          b: width 50; height 50 => 0 150 50 50
        """),
    ]

    static let minMaxFixtures = [
        YogaFixture(name: "max_width", tree: """
        root: width 100; height 100
          a: height 10; maxWidth 50 => 0 0 50 10
        """),
        YogaFixture(name: "max_height", tree: """
        root: width 100; height 100; direction row
          a: width 10; maxHeight 50 => 0 0 10 50
        """),
        YogaFixture(name: "min_height", tree: """
        root: width 100; height 100
          a: grow 1; minHeight 60 => 0 0 100 60
          b: grow 1 => 0 60 100 40
        """),
        YogaFixture(name: "min_width", tree: """
        root: width 100; height 100; direction row
          a: grow 1; minWidth 60 => 0 0 60 100
          b: grow 1 => 60 0 40 100
        """),
        YogaFixture(name: "flex_grow_to_min", tree: """
        root: minHeight 100; maxHeight 500; width 100 => 0 0 100 100
          a: grow 1; shrink 1 => 0 0 100 50
          b: height 50 => 0 50 100 50
        """),
        YogaFixture(name: "flex_grow_within_max_width", tree: """
        root: width 200; height 100
          a: direction row; maxWidth 100 => 0 0 100 20
            b: height 20; grow 1 => 0 0 100 20
        """),
        YogaFixture(name: "flex_grow_within_constrained_max_width", tree: """
        root: width 200; height 100
          a: direction row; maxWidth 300 => 0 0 200 20
            b: height 20; grow 1 => 0 0 200 20
        """),
        YogaFixture(name: "flex_grow_within_constrained_min_row", tree: """
        root: minWidth 100; height 100; direction row => 0 0 100 100
          a: grow 1 => 0 0 50 100
          b: width 50 => 50 0 50 100
        """),
        YogaFixture(name: "flex_grow_within_constrained_min_column", tree: """
        root: minHeight 100 => 0 0 0 100
          a: grow 1 => 0 0 0 50
          b: height 50 => 0 50 0 50
        """),
        YogaFixture(name: "flex_grow_within_constrained_max_row", tree: """
        root: width 200 => 0 0 200 100
          a: height 100; maxWidth 100; direction row => 0 0 100 100
            b: shrink 1; basis 100 => 0 0 50 100
            c: width 50 => 50 0 50 100
        """),
        YogaFixture(name: "flex_grow_within_constrained_max_column", tree: """
        root: maxHeight 100; width 100 => 0 0 100 100
          a: shrink 1; basis 100 => 0 0 100 50
          b: height 50 => 0 50 100 50
        """),
        YogaFixture(name: "child_min_max_width_flexing", tree: """
        root: width 120; height 50; direction row
          a: minWidth 60; grow 1; basis 0 => 0 0 100 50
          b: maxWidth 20; grow 1; basis 50% => 100 0 20 50
        """),
        YogaFixture(name: "min_width_overrides_width", tree: """
        root: minWidth 100; width 50 => 0 0 100 0
        """),
        YogaFixture(name: "max_height_overrides_height", tree: """
        root: maxHeight 100; height 200 => 0 0 0 100
        """),
    ]

    static let marginFixtures = [
        YogaFixture(name: "margin_and_flex_row", tree: """
        root: width 100; height 100; direction row
          a: marginLeft 10; marginRight 10; grow 1 => 10 0 80 100
        """),
        YogaFixture(name: "margin_with_sibling_column", tree: """
        root: width 100; height 100
          a: marginBottom 10; grow 1 => 0 0 100 45
          b: grow 1 => 0 55 100 45
        """),
        YogaFixture(name: "margin_auto_multiple_children_row", tree: """
        root: width 200; height 200; direction row; alignItems center
          a: width 50; height 50; marginRight auto => 0 75 50 50
          b: width 50; height 50; marginRight auto => 75 75 50 50
          c: width 50; height 50 => 150 75 50 50
        """),
        YogaFixture(name: "margin_auto_multiple_children_column", tree: """
        root: width 200; height 200; alignItems center
          a: width 50; height 50; marginTop auto => 75 25 50 50
          b: width 50; height 50; marginTop auto => 75 100 50 50
          c: width 50; height 50 => 75 150 50 50
        """),
        YogaFixture(name: "margin_auto_left_and_right_stretch", tree: """
        root: width 200; height 200; direction row
          a: width 50; height 50; marginLeft auto; marginRight auto => 50 0 50 50
          b: width 50; height 50 => 150 0 50 50
        """),
        YogaFixture(name: "margin_auto_left", tree: """
        root: width 200; height 200; alignItems center
          a: width 50; height 50; marginLeft auto => 150 0 50 50
          b: width 50; height 50 => 75 50 50 50
        """),
        YogaFixture(name: "margin_auto_left_and_right_column", tree: """
        root: width 200; height 200; alignItems center; direction row
          a: width 50; height 50; marginLeft auto; marginRight auto => 50 75 50 50
          b: width 50; height 50 => 150 75 50 50
        """),
    ]

    static let paddingFixtures = [
        YogaFixture(name: "padding_no_size", tree: """
        root: padding 10 => 0 0 20 20
        """),
        YogaFixture(name: "padding_container_match_child", tree: """
        root: padding 10 => 0 0 30 30
          a: width 10; height 10 => 10 10 10 10
        """),
        YogaFixture(name: "padding_flex_child", tree: """
        root: width 100; height 100; padding 10
          a: width 10; grow 1 => 10 10 10 80
        """),
        YogaFixture(name: "padding_stretch_child", tree: """
        root: width 100; height 100; padding 10
          a: height 10 => 10 10 80 10
        """),
    ]

    static let absoluteFixtures = [
        YogaFixture(name: "absolute_layout_width_height_start_top", tree: """
        root: width 100; height 100
          a: width 10; height 10; position absolute; start 10; top 10 => 10 10 10 10
        """),
        YogaFixture(name: "absolute_layout_width_height_end_bottom", tree: """
        root: width 100; height 100
          a: width 10; height 10; position absolute; end 10; bottom 10 => 80 80 10 10
        """),
        YogaFixture(name: "absolute_layout_start_top_end_bottom", tree: """
        root: width 100; height 100
          a: position absolute; start 10; top 10; end 10; bottom 10 => 10 10 80 80
        """),
        YogaFixture(name: "absolute_layout_width_height_start_top_end_bottom", tree: """
        root: width 100; height 100
          a: width 10; height 10; position absolute; start 10; top 10; end 10; bottom 10 => 10 10 10 10
        """),
        YogaFixture(name: "absolute_layout_align_items_and_justify_content_center_and_right_position", tree: """
        root: width 110; height 100; alignItems center; justify center
          a: position absolute; width 60; height 40; right 5 => 45 30 60 40
        """),
        YogaFixture(name: "absolute_layout_align_items_center_on_child_only", tree: """
        root: width 110; height 100
          a: position absolute; width 60; height 40; alignSelf center => 25 0 60 40
        """),
        YogaFixture(name: "absolute_layout_percentage_bottom_based_on_parent_height", tree: """
        root: width 100; height 200
          a: position absolute; top 50%; width 10; height 10 => 0 100 10 10
          b: position absolute; bottom 50%; width 10; height 10 => 0 90 10 10
          c: position absolute; top 10%; width 10; bottom 10% => 0 20 10 160
        """),
    ]

    static let percentFixtures = [
        YogaFixture(name: "percentage_width_height", tree: """
        root: width 200; height 200; direction row
          a: width 30%; height 30% => 0 0 60 60
        """),
        YogaFixture(name: "percentage_position_left_top", tree: """
        root: width 400; height 400; direction row
          a: width 45%; height 55%; left 10%; top 20% => 40 80 180 220
        """),
        YogaFixture(name: "percentage_position_bottom_right", tree: """
        root: width 500; height 500; direction row
          a: width 55%; height 15%; bottom 10%; right 20% => -100 -50 275 75
        """),
        YogaFixture(name: "percentage_flex_basis", tree: """
        root: width 200; height 200; direction row
          a: grow 1; basis 50% => 0 0 125 200
          b: grow 1; basis 25% => 125 0 75 200
        """),
        YogaFixture(name: "percentage_flex_basis_main_max_height", tree: """
        root: width 200; height 200; direction row
          a: grow 1; basis 10%; maxHeight 60% => 0 0 52 120
          b: grow 4; basis 10%; maxHeight 20% => 52 0 148 40
        """),
        YogaFixture(name: "percentage_flex_basis_main_max_width", tree: """
        root: width 200; height 200; direction row
          a: grow 1; basis 15%; maxWidth 60% => 0 0 120 200
          b: grow 4; basis 10%; maxWidth 20% => 120 0 40 200
        """),
        YogaFixture(name: "percentage_flex_basis_cross_min_width", tree: """
        root: width 200; height 200
          a: grow 1; basis 10%; minWidth 60% => 0 0 200 50
          b: grow 4; basis 15%; minWidth 20% => 0 50 200 150
        """),
        YogaFixture(name: "percentage_margin_should_calculate_based_only_on_width", tree: """
        root: width 200; height 100
          a: grow 1; margin 10% => 20 20 160 60
            b: width 10; height 10 => 0 0 10 10
        """),
        YogaFixture(name: "percentage_absolute_position", tree: """
        root: width 200; height 100
          a: position absolute; top 10%; left 30%; width 10; height 10 => 60 10 10 10
        """),
        YogaFixture(name: "percent_within_flex_grow", tree: """
        root: width 350; height 100; direction row
          a: width 100 => 0 0 100 100
          b: grow 1 => 100 0 150 100
            b1: width 100% => 0 0 150 0
          c: width 100 => 250 0 100 100
        """),
    ]

    static let roundingFixtures = [
        YogaFixture(name: "rounding_flex_basis_flex_grow_row_prime_number_width", tree: """
        root: width 113; height 100; direction row
          a: grow 1 => 0 0 23 100
          b: grow 1 => 23 0 22 100
          c: grow 1 => 45 0 23 100
          d: grow 1 => 68 0 22 100
          e: grow 1 => 90 0 23 100
        """),
        YogaFixture(name: "rounding_flex_basis_flex_shrink_row", tree: """
        root: width 101; height 100; direction row
          a: basis 100; shrink 1 => 0 0 51 100
          b: basis 25 => 51 0 25 100
          c: basis 25 => 76 0 25 100
        """),
        YogaFixture(name: "rounding_flex_basis_overrides_main_size", tree: """
        root: height 113; width 100
          a: height 20; grow 1; basis 50 => 0 0 100 64
          b: height 10; grow 1 => 0 64 100 25
          c: height 10; grow 1 => 0 89 100 24
        """),
        YogaFixture(name: "rounding_total_fractial", tree: """
        root: height 113.4; width 87.4
          a: height 20.3; grow 0.7; basis 50.3 => 0 0 87 59
          b: height 10; grow 1.6 => 0 59 87 30
          c: height 10.7; grow 1.1 => 0 89 87 24
        """),
        YogaFixture(name: "rounding_total_fractial_nested", tree: """
        root: height 113.4; width 87.4
          a: height 20.3; grow 0.7; basis 50.3 => 0 0 87 59
            a1: bottom 13.3; height 9.9; grow 1; basis 0.3 => 0 -13 87 12
            a2: top 13.3; height 1.1; grow 4; basis 0.3 => 0 25 87 47
          b: height 10; grow 1.6 => 0 59 87 30
          c: height 10.7; grow 1.1 => 0 89 87 24
        """),
        YogaFixture(name: "rounding_fractial_input_2", tree: """
        root: height 113.6; width 100
          a: height 20; grow 1; basis 50 => 0 0 100 65
          b: height 10; grow 1 => 0 65 100 24
          c: height 10; grow 1 => 0 89 100 25
        """),
        YogaFixture(name: "rounding_inner_node_controversy_horizontal", tree: """
        root: width 320; direction row => 0 0 320 10
          a: height 10; grow 1 => 0 0 107 10
          b: height 10; grow 1 => 107 0 106 10
            b1: height 10; grow 1 => 0 0 106 10
          c: height 10; grow 1 => 213 0 107 10
        """),
        YogaFixture(name: "rounding_inner_node_controversy_vertical", tree: """
        root: height 320 => 0 0 10 320
          a: width 10; grow 1 => 0 0 10 107
          b: width 10; grow 1 => 0 107 10 106
            b1: width 10; grow 1 => 0 0 10 106
          c: width 10; grow 1 => 0 213 10 107
        """),
    ]

    static let gapFixtures = [
        YogaFixture(name: "column_gap_flexible", tree: """
        root: direction row; width 80; height 100; columnGap 10; rowGap 20
          a: grow 1; shrink 1; basis 0 => 0 0 20 100
          b: grow 1; shrink 1; basis 0 => 30 0 20 100
          c: grow 1; shrink 1; basis 0 => 60 0 20 100
        """),
        YogaFixture(name: "column_gap_child_margins", tree: """
        root: direction row; width 80; height 100; columnGap 10
          a: grow 1; shrink 1; basis 0; marginLeft 2; marginRight 2 => 2 0 2 100
          b: grow 1; shrink 1; basis 0; marginLeft 10; marginRight 10 => 26 0 2 100
          c: grow 1; shrink 1; basis 0; marginLeft 15; marginRight 15 => 63 0 2 100
        """),
        YogaFixture(name: "column_row_gap_wrapping", tree: """
        root: direction row; wrap wrap; width 80; columnGap 10; rowGap 20 => 0 0 80 100
          a: width 20; height 20 => 0 0 20 20
          b: width 20; height 20 => 30 0 20 20
          c: width 20; height 20 => 60 0 20 20
          d: width 20; height 20 => 0 40 20 20
          e: width 20; height 20 => 30 40 20 20
          f: width 20; height 20 => 60 40 20 20
          g: width 20; height 20 => 0 80 20 20
        """),
        YogaFixture(name: "column_gap_start_index", tree: """
        root: direction row; wrap wrap; width 80; columnGap 10; rowGap 20 => 0 0 80 20
          abs: width 20; height 20; position absolute => 0 0 20 20
          a: width 20; height 20 => 0 0 20 20
          b: width 20; height 20 => 30 0 20 20
          c: width 20; height 20 => 60 0 20 20
        """),
        YogaFixture(name: "column_gap_justify_space_around", tree: """
        root: direction row; justify space-around; width 100; height 100; columnGap 10
          a: width 20 => 3 0 20 100
          b: width 20 => 40 0 20 100
          c: width 20 => 77 0 20 100
        """),
        YogaFixture(name: "column_gap_justify_space_evenly", tree: """
        root: direction row; justify space-evenly; width 100; height 100; columnGap 10
          a: width 20 => 5 0 20 100
          b: width 20 => 40 0 20 100
          c: width 20 => 75 0 20 100
        """),
    ]

    static let wrapFixtures = [
        YogaFixture(name: "wrap_row", tree: """
        root: width 100; direction row; wrap wrap => 0 0 100 60
          a: width 30; height 30 => 0 0 30 30
          b: width 30; height 30 => 30 0 30 30
          c: width 30; height 30 => 60 0 30 30
          d: width 30; height 30 => 0 30 30 30
        """),
        YogaFixture(name: "wrap_row_align_items_center", tree: """
        root: width 100; direction row; wrap wrap; alignItems center => 0 0 100 60
          a: width 30; height 10 => 0 10 30 10
          b: width 30; height 20 => 30 5 30 20
          c: width 30; height 30 => 60 0 30 30
          d: width 30; height 30 => 0 30 30 30
        """),
        YogaFixture(name: "flex_wrap_children_with_min_main_overriding_flex_basis", tree: """
        root: width 100; wrap wrap; direction row => 0 0 100 100
          a: basis 50; height 50; minWidth 55 => 0 0 55 50
          b: basis 50; height 50; minWidth 55 => 0 50 55 50
        """),
        YogaFixture(name: "flex_wrap_align_stretch_fits_one_row", tree: """
        root: width 150; height 100; wrap wrap; direction row
          a: width 50 => 0 0 50 0
          b: width 50 => 50 0 50 0
        """),
        YogaFixture(name: "wrap_reverse_row_align_content_center", tree: """
        root: width 100; direction row; wrap wrap-reverse; alignContent center => 0 0 100 80
          a: width 30; height 10 => 0 70 30 10
          b: width 30; height 20 => 30 60 30 20
          c: width 30; height 30 => 60 50 30 30
          d: width 30; height 40 => 0 10 30 40
          e: width 30; height 50 => 30 0 30 50
        """),
        YogaFixture(name: "wrap_reverse_row_single_line_different_size", tree: """
        root: width 300; direction row; wrap wrap-reverse => 0 0 300 50
          a: width 30; height 10 => 0 40 30 10
          b: width 30; height 20 => 30 30 30 20
          c: width 30; height 30 => 60 20 30 30
          d: width 30; height 40 => 90 10 30 40
          e: width 30; height 50 => 120 0 30 50
        """),
        YogaFixture(name: "align_content_flex_end_wrap", tree: """
        root: width 140; height 120; wrap wrap; direction row; alignContent flex-end
          a: width 50; height 10 => 0 90 50 10
          b: width 50; height 10 => 50 90 50 10
          c: width 50; height 10 => 0 100 50 10
          d: width 50; height 10 => 50 100 50 10
          e: width 50; height 10 => 0 110 50 10
        """),
        YogaFixture(name: "align_content_flex_end_wrap_singleline", tree: """
        root: width 140; height 120; wrap wrap; direction row; alignContent flex-end
          a: width 50; height 10 => 0 110 50 10
          b: width 50; height 10 => 50 110 50 10
        """),
        YogaFixture(name: "align_content_flex_start_with_flex", tree: """
        root: width 100; height 120; wrap wrap; alignContent flex-start
          a: width 50; grow 1; basis 0 => 0 0 50 40
          b: width 50; grow 1; basis 0; height 10 => 0 40 50 40
          c: width 50 => 0 80 50 0
          d: width 50; grow 1; shrink 1; basis 0 => 0 80 50 40
          e: width 50 => 0 120 50 0
        """),
        YogaFixture(name: "align_content_flex_start_wrapped_negative_space_gap", tree: """
        root: width 320; height 320; padding 60
          a: direction row; wrap wrap; alignContent flex-start; justify center; height 10; gap 10 => 60 60 200 10
            a1: width 80%; height 20 => 20 0 160 20
            a2: width 80%; height 20 => 20 30 160 20
            a3: width 80%; height 20 => 20 60 160 20
        """),
    ]
}
