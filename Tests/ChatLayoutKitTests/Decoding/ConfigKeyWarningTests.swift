import ChatLayoutDecoding
import ChatLayoutKit
import Testing

/// A key of the document's `config` that is no option is a warning naming it and the closest
/// option, not a silent no-op; a payload's own fields, outside `config`, stay silently ignored.
struct ConfigKeyWarningTests {
    private func decode(config: String, extra: String = "") throws -> ConversationDocument {
        try ConversationDecoder.decode(Array(#"{"messages": [], "config": \#(config)\#(extra)}"#.utf8))
    }

    private func warnings(_ config: String) throws -> [String] {
        try decode(config: config).warnings.map(\.description)
    }

    @Test(arguments: [
        ("grouping_rul", "grouping_rule"),
        ("page_sise", "page_size"),
        ("edited_label_enable", "edited_label_enabled"),
        ("Group_Messages", "group_messages"),
        ("date_indicator_placment", "date_indicator_placement"),
        ("profil", "profile"),
    ])
    func aMisspeltOption_namesTheClosestOne(typed: String, meant: String) throws {
        let document = try decode(config: #"{"\#(typed)": "x"}"#)
        let warning = try #require(document.warnings.first)
        #expect(document.warnings.count == 1)
        #expect(warning.path == "config.\(typed)")
        #expect(warning.message == "not an option, ignored (did you mean '\(meant)'?)")
        #expect(document.config == MessageListConfig(), "the misspelt option changes nothing")
    }

    @Test func aMisspeltNestedOption_isNamedInItsObject() throws {
        let document = try decode(config: #"{"message_display_options": {"show_avatar": false, "show_author_name": false}}"#)
        #expect(document.warnings.map(\.description)
            == ["config.message_display_options.show_avatar: not an option, ignored (did you mean 'show_avatars'?)"])
        #expect(document.config.displayOptions.showAvatars, "not read")
        #expect(!document.config.displayOptions.showAuthorName, "its neighbour is")
    }

    @Test func aNestedOptionAtTheTop_namesWhereItBelongs() throws {
        #expect(try warnings(#"{"show_avatars": false}"#)
            == ["config.show_avatars: not an option, ignored (did you mean 'message_display_options.show_avatars'?)"])
        #expect(try warnings(#"{"horizontal": 4}"#)
            == ["config.horizontal: not an option, ignored (did you mean 'message_paddings.horizontal'?)"])
    }

    @Test func aKeyNothingIsClose_to_isNamedAlone() throws {
        #expect(try warnings(#"{"colour_scheme": "dark", "x": 1}"#)
            == ["config.colour_scheme: not an option, ignored", "config.x: not an option, ignored"])
    }

    @Test func everyOption_andTheProfile_warnOfNothing() throws {
        let config = """
            {"profile": "sendbird", "group_messages": true, "max_time_interval_between_messages_in_group": 30,
             "grouping_rule": "same_minute", "date_indicator_placement": "none", "end_group_at_date_separator": true,
             "date_separator_style": "stream", "typing_indicator_placement": "navigation_bar", "message_list_type": "team",
             "message_list_alignment": "left_aligned",
             "message_display_options": {"show_avatars": false, "show_avatars_in_groups": true, "show_message_date": false,
                                         "show_author_name": false, "reactions_placement": "bottom"},
             "message_paddings": {"horizontal": 12, "single_bottom": 6, "group_bottom": 1, "quoted_view": 4}, "edited_label_enabled": false, "auto_translation_enabled": true,
             "unread_separator_enabled": true, "page_size": 20, "show_shadowed_messages": true, "unread_last_read_fallback": true,
             "show_empty_state": false, "layout_direction": "rtl", "thread_replies_counter_enabled": false, "thread_replies_counter_requires_all_replies": true,
             "parent_presentation": "first_message", "frozen_banner": false, "starting_point": 0, "date_separator_on_oldest_message": false,
             "reactions_rule": "any_score", "failure_indicator_requires_text": true, "avatar_on_top_most_row": true,
             "direct_channel_rule": "members_cid", "show_outgoing_message_avatar": true,
             "skip_edited_message_label": {"message_types": ["reply"], "message_ids": ["m1"]},
             "message_time_format": "sendbird", "header_presence": "last_seen_31_days", "message_anatomy": "sendbird", "unsupported_attachments": "hidden",
             "unread_separator_label": "new_messages", "new_messages_separator_size": 40,
             "overlay_date_label_size": 30, "reactions_top_padding": 20, "spacer_width": 60,
             "should_messages_start_at_the_top": true, "show_original_translated_button": true,
             "pinned_annotation_enabled": true, "reminder_annotation_enabled": true, "thread_reply_placement": "annotation",
             "last_in_group_header_size": 24, "reactions_style": "segmented",
             "jump_to_unread_enabled": true, "jump_to_unread_when_opening": true, "scrolling_anchor": "top",
             "highlight_message_when_jumping": false,
             "download_file_attachments_enabled": true, "markdown_enabled": false}
            """
        let document = try decode(config: config)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        // Every key the document gave is the document's; none is left to the profile.
        let provenance = document.configProvenance
        #expect(provenance.keys.allSatisfy { provenance.source(of: $0) == .document }, "\(provenance.sources)")
        #expect(document.config.endGroupAtDateSeparator && document.config.threadView.startingPoint == .top)
    }

    @Test func aPayloadsOwnFields_outsideConfig_areSilentlyIgnored() throws {
        let document = try decode(config: "{}", extra: #", "duration": "12ms", "channel": {"cid": "messaging:x", "config": {"replies": false, "colour": 1}}"#)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
    }

    @Test func anOptionOfTheWrongType_isStillAnError() {
        #expect(throws: DocumentError.self) { try decode(config: #"{"page_size": "many"}"#) }
        #expect(throws: DocumentError.self) { try decode(config: #"{"message_display_options": {"show_avatars": 1}}"#) }
    }
}
