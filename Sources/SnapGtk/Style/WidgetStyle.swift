import CSnapGtk

/// The widgets' own stylesheet, shipped inside SnapGtk so an app that adds no CSS of its own still gets the
/// underline, the dots, the banners, the focus rings and the hover and pressed feedback.
///
/// Installed once, with the first widget, between the theme's priority and the application's, so an app's CSS
/// overrides any rule. Colours are named colours all of GTK 4.8's themes define (4.8 has no `@accent_color`): the
/// accent is the selection colour pulled toward the text colour (3:1 or more against the window), dimmed text the
/// text colour a quarter toward the background (4.5:1 or more).
@MainActor
public enum WidgetStyle {
    /// The priority the stylesheet is installed at: above the theme, below an application's stylesheet.
    public static let priority = UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) - 100

    /// Whether the stylesheet is installed on the default display.
    public private(set) static var isInstalled = false

    /// Installs the stylesheet on the default display, once; later calls do nothing. Every SnapGtk widget calls
    /// this when it is created.
    public static func install() {
        guard !isInstalled, gdk_display_get_default() != nil else { return }
        isInstalled = true
        let problems = Stylesheet.install(css: css, priority: priority)
        assert(problems.isEmpty, "SnapGtk's stylesheet: \(problems)")
    }

    /// The stylesheet's text (CSS, as GTK 4.8 reads it).
    public static let css = """
    /* Colours from the theme: an accent that keeps 3:1 against the window, dimmed text that keeps 4.5:1. */
    @define-color snap_accent_color mix(@theme_selected_bg_color, @theme_fg_color, 0.45);
    @define-color snap_dim_fg_color mix(@theme_fg_color, @theme_bg_color, 0.25);

    /* ---- SnapScroller: menu, strip, carousel ---- */
    .snap-content:focus-visible { outline: 2px solid @snap_accent_color; outline-offset: -2px; }
    .snap-content { padding-top: 4px; padding-bottom: 4px; }
    /* A vertical row: the same room across it, at its sides; none along it, so its viewport is the visible height. */
    .snap-content.vertical { padding: 0 4px; }
    /* Items: a veil of the text colour on hover and while pressed, over whatever background the item has. */
    .snap-content > * { transition: background-image 120ms ease-out; }
    .snap-content > *:hover { background-image: image(alpha(currentColor, 0.06)); }
    .snap-content > .pressed { background-image: image(alpha(currentColor, 0.14)); }
    /* A fixed indicator over the scroller (the menu's bar under the centre). */
    .snap-indicator { background-color: @snap_accent_color; }

    /* Snap guides (showsSnapGuides): the line and the target in the accent, snap points, the fling and the labels in
       the text colour, on plates and halos of the window's background so they read over items and images. */
    @define-color snap_guide_color @snap_accent_color;
    @define-color snap_guide_mark_color @theme_fg_color;
    @define-color snap_guide_plate_color alpha(@theme_bg_color, 0.85);
    .snap-guides { font-size: 9pt; font-feature-settings: "tnum"; }

    /* ---- SegmentedControl: titles and the underline only ---- */
    .segmented { border-bottom: 1px solid alpha(@borders, 0.6); }
    .segmented > button.segment {
      background: none;
      border: none;
      box-shadow: none;
      min-height: 0;
      padding: 10px 0;
      border-radius: 6px 6px 0 0;
      color: @snap_dim_fg_color;
      outline-color: @snap_accent_color;
    }
    .segmented > button.segment:hover { color: @theme_fg_color; background-image: image(alpha(currentColor, 0.05)); }
    .segmented > button.segment:active { color: @theme_fg_color; background-image: image(alpha(currentColor, 0.12)); }
    .segmented > button.segment:focus-visible { outline: 2px solid @snap_accent_color; outline-offset: -2px; }
    .segmented > button.segment.selected { color: @theme_fg_color; }
    .segmented > button.segment.selected .segment-title { font-weight: 600; }
    .segmented > .segmented-underline { background-color: @snap_accent_color; }

    /* ---- CenteringBox: room at the edges when the content scrolls ---- */
    .centering-content { padding-left: 12px; padding-right: 12px; }
    /* The box is a Tab stop of its own while it scrolls (its keys scroll it): its ring, drawn over the content. */
    .centering-box:focus-visible { outline: 2px solid @snap_accent_color; outline-offset: -2px; }

    /* ---- Carousel and banners ---- */
    .carousel .snap-content:focus-visible { outline: 2px solid @snap_accent_color; outline-offset: -2px; border-radius: 8px; }
    .carousel .snap-content > *:hover, .carousel .snap-content > .pressed { background-image: none; }
    /* Banners: a light veil over the picture on hover, a dark one while pressed: the veil's `color`, drawn in the
       picture's rounded shape by a widget of its own (a filter on the picture copied and recoloured it every frame
       while banners slid under a still pointer; a colour of the picture's own would repaint it). */
    .banner-veil { color: alpha(white, 0); transition: color 120ms ease-out; }
    .banner:hover .banner-veil { color: alpha(white, 0.08); }
    .banner.pressed .banner-veil { color: alpha(black, 0.1); }
    .banner-title { padding-top: 2px; }
    .banner-placeholder { color: @snap_dim_fg_color; }
    .banner.tapped .banner-image { outline: 4px solid @snap_accent_color; outline-offset: -4px; border-radius: 8px; }

    /* ---- PageDots: each dot a 24 px target, drawn in the text colour ---- */
    .page-dot { color: @theme_fg_color; min-width: 24px; min-height: 24px; border-radius: 999px; }
    .page-dot:hover { background-color: alpha(currentColor, 0.08); }
    .page-dot.pressed { background-color: alpha(currentColor, 0.16); }
    .page-dot:focus-visible { outline: 2px solid @snap_accent_color; outline-offset: -2px; }
    .page-dots-counter { font-feature-settings: "tnum"; color: @snap_dim_fg_color; }
    """
}

/// Pressed feedback for widgets that are not buttons (scroller items, banners, dots): the CSS class `pressed` while
/// a pointer button is down on the widget, removed on release or when a drag takes the press over. Not on the click
/// gesture's `stopped`: it also comes when the double-click time runs out under a button still held.
@MainActor
enum PressFeedback {
    /// Adds the feedback to `widget` (a click gesture that never claims the press: scrolling and taps are unchanged).
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        let click = gtk_gesture_click_new()!
        // The handlers live in the gesture, which the widget owns: the widget is there whenever they run.
        let gesture = UnsafeMutableRawPointer(click)
        func setPressed(_ pressed: Bool) {
            guard let widget = gtk_event_controller_get_widget(click) else { return }
            if pressed { gtk_widget_add_css_class(widget, "pressed") } else { gtk_widget_remove_css_class(widget, "pressed") }
        }
        Signals.connectPress(gesture, "pressed") { _, _, _ in setPressed(true) }
        // `end`: the button is up (GTK emits `released` from inside it, so it alone is enough); `cancel`: another
        // gesture (a drag) claimed the press.
        Signals.connectPointer(gesture, "end") { _ in setPressed(false) }
        Signals.connectPointer(gesture, "cancel") { _ in setPressed(false) }
        gtk_widget_add_controller(widget, click)
    }
}
