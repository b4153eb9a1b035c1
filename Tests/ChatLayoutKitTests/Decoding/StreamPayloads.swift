/// Payloads in the exact shape Stream's REST API returns (GET/POST /channels/{type}/{id}/query,
/// POST /channels, POST /threads), with the fields layout ignores left in.
enum StreamPayloads {
    static let channelState = #"""
    {
      "channel": {
        "id": "general", "type": "messaging", "cid": "messaging:general", "name": "The water cooler",
        "image": "https://example.com/cooler.png", "created_at": "2019-05-10T14:03:49.505006Z",
        "updated_at": "2019-05-10T14:03:49.505006Z", "last_message_at": "2024-03-05T09:41:00.123456Z",
        "created_by": {"id": "luke", "role": "admin", "online": false, "name": "Luke Skywalker"},
        "frozen": false, "disabled": false, "member_count": 3, "cooldown": 0, "team": "GREEN",
        "config": {"created_at": "2019-03-21T15:49:15.40182Z", "updated_at": "2020-03-17T18:54:09.460881Z",
                   "name": "messaging", "typing_events": true, "read_events": true, "connect_events": true,
                   "search": true, "reactions": true, "replies": false, "quotes": true, "mutes": true,
                   "uploads": true, "url_enrichment": true, "custom_events": true, "push_notifications": true,
                   "delivery_events": false, "message_retention": "infinite", "max_message_length": 5000,
                   "automod": "disabled", "automod_behavior": "flag",
                   "commands": [{"name": "giphy", "description": "Post a random gif to the channel", "args": "[text]", "set": "fun_set"}]},
        "own_capabilities": ["send-message", "send-reaction", "read-events"]
      },
      "messages": [
        {"id": "luke-1", "text": "Hi all", "html": "<p>Hi all</p>\n", "type": "regular",
         "user": {"id": "luke", "role": "admin", "name": "Luke Skywalker", "image": "https://example.com/luke.png"},
         "attachments": [], "latest_reactions": [], "own_reactions": [], "reaction_counts": {}, "reaction_scores": {},
         "reply_count": 0, "deleted_reply_count": 0, "cid": "messaging:general",
         "created_at": "2024-03-05T09:41:00.123456Z", "updated_at": "2024-03-05T09:41:00.123456Z",
         "shadowed": false, "mentioned_users": [], "silent": false, "pinned": false, "pinned_at": null,
         "pinned_by": null, "pin_expires": null},
        {"id": "leia-1", "text": "Hello there", "type": "regular",
         "user": {"id": "leia", "name": "Leia Organa"},
         "attachments": [{"type": "image", "image_url": "https://example.com/a.jpg", "fallback": "a.jpg"}],
         "latest_reactions": [{"message_id": "leia-1", "user_id": "luke", "user": {"id": "luke"}, "type": "love", "score": 1,
                               "created_at": "2024-03-05T09:43:00Z", "updated_at": "2024-03-05T09:43:00Z"}],
         "reaction_scores": {"love": 1}, "reaction_counts": {"love": 1},
         "reply_count": 2, "thread_participants": [{"id": "leia", "name": "Leia Organa"}, {"id": "han"}],
         "created_at": "2024-03-05T09:42:00Z", "updated_at": "2024-03-05T09:42:00Z",
         "i18n": {"language": "en", "fr_text": "Bonjour", "de_text": "Hallo"}},
        {"id": "han-1", "text": "", "type": "deleted", "user": {"id": "han", "name": "Han Solo"},
         "created_at": "2024-03-05T09:44:00Z", "deleted_at": "2024-03-05T09:45:00Z"},
        {"id": "luke-2", "text": "Quoting", "type": "reply", "parent_id": "leia-1", "show_in_channel": true,
         "user": {"id": "luke", "name": "Luke Skywalker"}, "created_at": "2024-03-05T09:46:00Z",
         "quoted_message_id": "leia-1",
         "quoted_message": {"id": "leia-1", "text": "Hello there", "type": "regular", "user": {"id": "leia", "name": "Leia Organa"},
                            "created_at": "2024-03-05T09:42:00Z", "attachments": [{"type": "image"}]},
         "moderation_details": {"original_text": "Quoting", "action": "MESSAGE_RESPONSE_ACTION_BOUNCE"}}
      ],
      "pinned_messages": [],
      "watcher_count": 2,
      "watchers": [{"id": "luke"}],
      "read": [
        {"user": {"id": "luke", "name": "Luke Skywalker"}, "last_read": "2024-03-05T09:41:00Z", "unread_messages": 2,
         "last_read_message_id": "luke-1"},
        {"user": {"id": "leia"}, "last_read": "2024-03-05T09:50:00Z", "unread_messages": 0}
      ],
      "members": [
        {"user_id": "luke", "user": {"id": "luke", "name": "Luke Skywalker"}, "created_at": "2019-05-10T14:03:49Z",
         "updated_at": "2019-05-10T14:03:49Z", "banned": false, "shadow_banned": false, "role": "owner", "channel_role": "channel_member"},
        {"user_id": "leia", "user": {"id": "leia", "name": "Leia Organa"}, "role": "member"},
        {"user_id": "han"}
      ],
      "membership": {"user_id": "luke", "channel_role": "channel_member"},
      "duration": "12.34ms"
    }
    """#

    static let channelsQuery = #"""
    {"channels": [
       {"channel": {"cid": "messaging:first", "name": "First", "member_count": 2},
        "messages": [{"id": "f1", "text": "one", "user": {"id": "a"}, "created_at": "2024-03-05T09:00:00Z"}],
        "members": [{"user": {"id": "a", "name": "Ann"}}, {"user": {"id": "b", "name": "Bob"}}], "read": []},
       {"channel": {"cid": "messaging:second", "name": "Second"},
        "messages": [{"id": "s1", "text": "two", "user": {"id": "a"}, "created_at": "2024-03-05T09:00:00Z"},
                     {"id": "s2", "text": "three", "user": {"id": "b"}, "created_at": "2024-03-05T09:01:00Z"}],
        "members": [], "read": []}
     ],
     "duration": "3.1ms"}
    """#

    static let threadList = #"""
    {"threads": [
       {"channel_cid": "messaging:general", "channel": {"cid": "messaging:general", "name": "General", "member_count": 4},
        "parent_message_id": "p1",
        "parent_message": {"id": "p1", "text": "Thread root", "type": "regular", "user": {"id": "luke"},
                           "reply_count": 4, "created_at": "2024-03-04T10:00:00Z"},
        "created_by_user_id": "luke", "reply_count": 4, "participant_count": 2,
        "thread_participants": [{"user_id": "luke", "user": {"id": "luke", "name": "Luke"}}, {"user_id": "leia", "user": {"id": "leia"}}],
        "last_message_at": "2024-03-05T09:00:00Z", "created_at": "2024-03-04T10:00:00Z", "updated_at": "2024-03-05T09:00:00Z",
        "title": "Coffee plans",
        "latest_replies": [{"id": "r1", "text": "ok", "type": "reply", "parent_id": "p1", "user": {"id": "leia"},
                            "created_at": "2024-03-05T09:00:00Z"}],
        "read": [{"user": {"id": "luke"}, "last_read": "2024-03-04T11:00:00Z", "unread_messages": 1}]}
     ],
     "next": "eyJwYWdlIjoyfQ==",
     "duration": "4.2ms"}
    """#
}
