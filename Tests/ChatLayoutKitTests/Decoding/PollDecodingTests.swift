import ChatLayoutDecoding
import ChatLayoutKit
import Foundation
import Testing

/// Issue 29, point 4: what a Stream poll payload carries for its card — the latest voters by
/// option, the current user's votes, its creator, its rules and its comments — decoded, and
/// bad values refused with their JSON path.
struct PollDecodingTests {
    /// A message with `poll` (the members of its object, without braces).
    private func document(poll: String) -> String {
        #"{"messages": [{"id": "m1", "user": {"id": "leia"}, "created_at": "2024-03-05T09:41:00Z", "poll": {"name": "Goat?", "#
            + #""options": [{"id": "messi", "text": "Messi"}, {"id": "ronaldo", "text": "Ronaldo"}], "#
            + #""vote_counts_by_option": {"ronaldo": 3}"# + (poll.isEmpty ? "" : ", " + poll) + "}}]}"
    }

    private func decodePoll(_ members: String) throws(DocumentError) -> Poll? {
        try ConversationDecoder.decode(Array(document(poll: members).utf8)).conversation.messages.first?.poll
    }

    private func error(_ members: String) -> DocumentError? {
        do {
            _ = try decodePoll(members)
            return nil
        } catch {
            return error
        }
    }

    @Test func streamsPollKeys_decode() throws {
        let poll = try #require(try decodePoll(#"""
            "latest_votes_by_option": {"ronaldo": [{"option_id": "ronaldo", "user": {"id": "luke", "name": "Luke", "image": "https://example.com/l.png"}},
                                                   {"option_id": "ronaldo", "user_id": "pep"}]},
            "own_votes": [{"option_id": "ronaldo", "user_id": "luke"}, {"is_answer": true, "answer_text": "Easy", "user_id": "luke"}],
            "created_by": {"id": "leia", "name": "Leia"}, "enforce_unique_vote": true, "max_votes_allowed": 2,
            "voting_visibility": "anonymous", "allow_user_suggested_options": true, "allow_answers": true, "answers_count": 4,
            "latest_answers": [{"user": {"id": "han"}, "answer_text": "Ronaldo"}], "is_closed": false
            """#))
        #expect(poll.options.map(\.id) == ["messi", "ronaldo"] && poll.options.map(\.voteCount) == [0, 3])
        #expect(poll.options[0].latestVoters.isEmpty)
        #expect(poll.options[1].latestVoters == [Poll.Voter(userID: "luke", name: "Luke", imageURL: "https://example.com/l.png"),
                                                 Poll.Voter(userID: "pep")])
        // The comment among the own votes votes for no option.
        #expect(poll.ownVoteOptionIDs == ["ronaldo"] && poll.isOwnVote(poll.options[1]) && !poll.isOwnVote(poll.options[0]))
        #expect(poll.createdByID == "leia" && poll.enforceUniqueVote && poll.maxVotesAllowed == 2)
        #expect(poll.votingVisibility == .anonymous && poll.allowsUserSuggestedOptions && poll.allowsAnswers)
        #expect(poll.answersCount == 4 && poll.latestAnswerUserIDs == ["han"] && !poll.isClosed)
    }

    @Test func createdByID_winsOverCreatedBy_andDefaultsAreStreams() throws {
        let poll = try #require(try decodePoll(#""created_by_id": "luke", "created_by": {"id": "leia"}"#))
        #expect(poll.createdByID == "luke")
        let plain = try #require(try decodePoll(""))
        #expect(plain.createdByID == nil && !plain.enforceUniqueVote && plain.maxVotesAllowed == nil && plain.votingVisibility == .public)
        #expect(!plain.allowsAnswers && !plain.allowsUserSuggestedOptions && plain.answersCount == 0 && plain.ownVoteOptionIDs.isEmpty)
    }

    @Test func badValues_areErrorsAtTheirPath() throws {
        let cases: [(String, String)] = [
            (#""voting_visibility": "secret""#, "messages[0].poll.voting_visibility"),
            (#""enforce_unique_vote": "yes""#, "messages[0].poll.enforce_unique_vote"),
            (#""max_votes_allowed": "two""#, "messages[0].poll.max_votes_allowed"),
            (#""allow_answers": 1"#, "messages[0].poll.allow_answers"),
            (#""answers_count": "4""#, "messages[0].poll.answers_count"),
            (#""created_by_id": 7"#, "messages[0].poll.created_by_id"),
            (#""own_votes": [{"option_id": "pele"}]"#, "messages[0].poll.own_votes[0].option_id"),
            (#""own_votes": [{"option_id": 3}]"#, "messages[0].poll.own_votes[0].option_id"),
            (#""latest_votes_by_option": {"pele": [{"user_id": "zico"}]}"#, "messages[0].poll.latest_votes_by_option.pele"),
            (#""latest_votes_by_option": {"ronaldo": [{"option_id": "ronaldo"}]}"#, "messages[0].poll.latest_votes_by_option.ronaldo[0].user_id"),
            (#""latest_votes_by_option": {"ronaldo": [{"user": {"id": "luke", "image": 5}}]}"#,
             "messages[0].poll.latest_votes_by_option.ronaldo[0].user.image"),
            (#""latest_answers": [{"answer_text": "x"}]"#, "messages[0].poll.latest_answers[0].user_id"),
        ]
        for (members, path) in cases {
            let problem = try #require(error(members), "\(members)")
            #expect(problem.path == path, "\(members): \(problem)")
        }
        #expect(error(#""voting_visibility": "secret""#)?.message.contains("\"public\" or \"anonymous\"") == true)
    }

    /// The model's Codable form keeps the new fields, and reads a poll written before them.
    @Test func codable_roundTrips_andReadsOldPolls() throws {
        var poll = Poll(question: "Goat?", options: [Poll.Option(text: "Messi", voteCount: 2, id: "messi",
                                                                  latestVoters: [Poll.Voter(userID: "luke", name: "Luke")])])
        poll.createdByID = "luke"
        poll.enforceUniqueVote = true
        poll.maxVotesAllowed = 2
        poll.votingVisibility = .anonymous
        poll.allowsAnswers = true
        poll.allowsUserSuggestedOptions = true
        poll.answersCount = 3
        poll.latestAnswerUserIDs = ["han"]
        poll.ownVoteOptionIDs = ["messi"]
        let data = try JSONEncoder().encode(poll)
        #expect(try JSONDecoder().decode(Poll.self, from: data) == poll)
        let old = #"{"question": "Goat?", "options": [{"text": "Messi", "voteCount": 2}], "isClosed": false}"#
        let read = try JSONDecoder().decode(Poll.self, from: Data(old.utf8))
        #expect(read == Poll(question: "Goat?", options: [Poll.Option(text: "Messi", voteCount: 2)]))
        // A poll with Stream's defaults writes only what it wrote before.
        let plain = try JSONEncoder().encode(Poll(question: "Goat?", options: [Poll.Option(text: "Messi", voteCount: 2)]))
        let keys = try #require(try JSONSerialization.jsonObject(with: plain) as? [String: Any]).keys.sorted()
        #expect(keys == ["isClosed", "options", "question"])
    }
}
