// Generated from the OpenAPI document by `npm run sdk:generate`; do not edit.

export interface paths {
    "/api/v1/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Answers at once and does no work
         * @description Needs no key. The floor that benchmarks measure every route against.
         */
        get: operations["ping"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service version and when each cron job and the scheduler last ran
         * @description Needs no key.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List API keys
         * @description Each key with the member it acts as (`member`: null once that person left the workspace). An owner or admin sees every key of the workspace; an editor or viewer only their own.
         *
         *     Scope: `accounts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description The answer holds the whole key; it is stored only as a hash and is never shown again. Only an API key (or the signed-in person, on the settings page) may create one: an OAuth token is refused with 403 `insufficient_scope`, so an app can never hold a credential that outlives its removal. A user holds at most 50 active keys (409 `limit_reached`: revoke one).
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key is refused on every request made after this answer, everywhere: the answer waits (at most 2 s) until no Worker instance may still admit it. Revoking a revoked key answers with it unchanged.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspace's members and open invitations
         * @description Scope: `workspace:read`.
         *
         *     Roles: every member.
         */
        get: operations["listMembers"];
        put?: never;
        /**
         * Invite someone to the workspace
         * @description Mails an invitation link valid 7 days; the link is in this answer once and never again. Nobody invites above their own role (403 `insufficient_role`); the owner changes only by a transfer. Each invitation takes a seat of the plan until it is accepted, revoked or expires (403 `seat_limit`, counted inside the invitation's own write).
         *
         *     Scope: `workspace:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["inviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/members/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member, or revoke an invitation
         * @description A removed person's API keys in this workspace are revoked, their OAuth grants removed and their sessions here end: each is 401 on its next request. An invitation not yet accepted is revoked and its seat freed. An admin cannot remove the owner (403 `insufficient_role`), and the owner cannot leave (403 `last_owner`).
         *
         *     Scope: `workspace:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        delete: operations["removeMember"];
        options?: never;
        head?: never;
        /**
         * Change a member's role
         * @description The member's keys, sessions and OAuth grants act with the new role from this answer on. An admin cannot change the owner, nobody grants a role above their own (403 `insufficient_role`); the owner steps down only by a transfer (403 `last_owner`).
         *
         *     Scope: `workspace:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/api/v1/members/{id}/transfer-ownership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a member the owner
         * @description Only the owner may; they become an admin, in the same write.
         *
         *     Scope: `workspace:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["transferOwnership"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave the workspace
         * @description The caller's member leaves, whatever their role: as on removal, their API keys in this workspace (this one included) are revoked, their OAuth grants removed and their sessions here end, each 401 on its next request. The owner cannot leave (403 `last_owner`): transfer ownership first.
         *
         *     Scope: `workspace:read`.
         *
         *     Roles: every member.
         */
        post: operations["leaveWorkspace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation
         * @description As the invited person, with any credential of theirs: their login's email must be the invited one (403 `invitation_email_mismatch`, nothing changes). A used, expired or revoked link is 410 `invitation_expired`.
         *
         *     Scope: `workspace:read`.
         *
         *     Roles: every member.
         */
        post: operations["acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The workspace's settings, seats and your role
         * @description Scope: `workspace:read`.
         *
         *     Roles: every member.
         */
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the workspace's settings
         * @description Scope: `workspace:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        patch: operations["updateWorkspace"];
        trace?: never;
    };
    "/api/v1/connected-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List connected accounts
         * @description Scope: `accounts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listConnectedAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connected-accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one connected account
         * @description Scope: `accounts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getConnectedAccount"];
        put?: never;
        post?: never;
        /**
         * Disconnect an account
         * @description Deletes the account's stored credentials and marks it `disconnected`. Posts scheduled to it fail at publish time with `account_disconnected`; connecting the same identity again brings it back. Sends `account.disconnected` (reason `owner`) once. The platform is then asked to revoke the tokens (X, Mastodon accounts connected through OAuth), in the background: a revocation that fails never blocks the disconnect.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        delete: operations["disconnectAccount"];
        options?: never;
        head?: never;
        /**
         * Move an account into one of your groups, or out of its group
         * @description An account sits in at most one group. Another user's group is 404.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        patch: operations["updateConnectedAccount"];
        trace?: never;
    };
    "/api/v1/connect/{platform}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start connecting an account through the platform's consent page (X, LinkedIn, Facebook Pages, Instagram, Threads)
         * @description Answers Herald's start link for this connection (`authorization_url`, `/connect/start/<state>`): open it in the user's browser. The browser must be signed in to Herald as you (it is sent to sign in first); the connection is then bound to that browser and the browser is sent to the platform's consent page. Only that browser can finish it: the platform sends it back to `/api/v1/connect/{platform}/callback`. The state expires after 10 minutes. In sandbox mode the sandbox's consent page stands in for every platform whose own is not set up on this deployment (credential platforms included): the person types the name of the account they connect as.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        get: operations["startConnection"];
        put?: never;
        /**
         * Connect an account with its credentials (Bluesky, Mastodon, Telegram, Discord, Slack), or start OAuth on a Mastodon instance
         * @description The credentials are checked against the platform, then stored encrypted; they are never returned. Connecting an identity you already hold refreshes it. Mastodon with only `instance_url` starts OAuth on that instance instead (202): Herald registers its app there the first time, and the user consents at `authorization_url` as with `GET /api/v1/connect/{platform}`.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["connectWithCredentials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your account groups
         * @description Scope: `accounts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listAccountGroups"];
        put?: never;
        /**
         * Create an account group
         * @description A named set of your accounts (a client's, a brand's). An account sits in at most one group: listing it here moves it out of any other. Every plan has groups.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["createAccountGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one account group
         * @description Scope: `accounts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getAccountGroup"];
        put?: never;
        post?: never;
        /**
         * Delete a group
         * @description Its accounts stay connected, ungrouped. Its client invites that are still active are turned off (`revoked`); the accounts they added stay.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        delete: operations["deleteAccountGroup"];
        options?: never;
        head?: never;
        /**
         * Rename a group or set its accounts
         * @description With `account_ids`, exactly those accounts are in the group afterwards; the others are left ungrouped.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        patch: operations["updateAccountGroup"];
        trace?: never;
    };
    "/api/v1/client-invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your client invites with their state and the accounts each added
         * @description Scope: `accounts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listClientInvites"];
        put?: never;
        /**
         * Create an invite link for a client to connect their accounts into one of your groups
         * @description Plans: Studio, Pro, Agency (others: 403 `feature_disabled`). The link (`url`, shown only in this answer) works for 7 days and for up to `max_accounts` accounts; the client needs no Herald account. Each account counts toward your plan's account limit. Another user's group is 404.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["createClientInvite"];
        /**
         * Turn an invite off
         * @description The link stops working; the accounts it added stay connected. An invite that is no longer active is left as it is: 409 `invite_not_active` with its `state`.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        delete: operations["revokeClientInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/composer-platform-parts/destinations/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where an account can post: its channels, communities or lists
         * @description Answered from a 5-minute cache per account; `fresh=1` asks the platform now. The answer also becomes what posts may target in `metadata.destination_id`.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listDestinations"];
        put?: never;
        /**
         * Check that an account can post to a destination the user typed
         * @description On `manual` platforms (Telegram) the platform is asked, and a destination it accepts is kept on the account so posts may target it (unless the credential lacks `posts:write`: a read-only grant checks and stores nothing); on `list` platforms `input` must name one of the listed destinations. A refusal is 400 naming `input`.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        post: operations["checkDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posts, newest first
         * @description Pass `next_cursor` from one page as `cursor` to get the next; it is null on the last page.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listPosts"];
        put?: never;
        /**
         * Create a post (draft, scheduled or immediate)
         * @description With `schedule_type` `scheduled` it goes out at `scheduled_at`; `immediate` publishes now; neither makes a draft; `next_slot: true` schedules it into the next free posting slot of its accounts. Text over an account's `text_limit` is refused here, never at publish time. `?dry_run=true` checks everything and answers what each platform would receive, saving nothing.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create up to 100 posts at once, all or none
         * @description Every row is checked first; either all are created (`data` holds them in order) or none (400 with `error.rows`: the error of each failing row by index).
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createPostsBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a post with each target's state
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getPost"];
        put?: never;
        post?: never;
        /**
         * Delete a post
         * @description Removes it from Herald (not from platforms it went to). Refused while it is publishing.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deletePost"];
        options?: never;
        head?: never;
        /**
         * Edit a draft or scheduled post
         * @description Fields given replace the post's. A platform's override is replaced whole: leaving out `detached` re-attaches that platform to the shared text.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updatePost"];
        trace?: never;
    };
    "/api/v1/posts/{id}/unschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move a scheduled post back to draft
         * @description It keeps its content and time; schedule it again with PATCH `schedule_type`. A draft answers unchanged.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["unschedulePost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a resumable upload (large files, video up to the plan's file size)
         * @description Answers how to cut the file: `parts` parts of exactly `part_size` bytes but the last. Send each with PUT …/parts/{n} in any order, then POST …/complete. The size counts against the plan's storage until the upload completes or is aborted; one not completed within 24 hours is aborted.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["startMediaUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/uploads/{uploadId}/parts/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Send one part of a resumable upload (raw bytes)
         * @description Exactly `part_size` bytes (the last part: the rest), with `Content-Length`. Sending a part again replaces it. The first part's bytes are checked at once: a type Herald does not take aborts the upload (415).
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        put: operations["putMediaUploadPart"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/uploads/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Which parts of a resumable upload arrived
         * @description After a dropped connection, send the parts not in `received` and complete.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getMediaUpload"];
        put?: never;
        post?: never;
        /**
         * Abort a resumable upload, freeing its parts and reserved storage
         * @description Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["abortMediaUpload"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/uploads/{uploadId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a resumable upload into a media item
         * @description Refused (409 `state_error`, `error.missing`) until every part arrived. The type and facts are read from the bytes; a refusal removes what was stored. Completing again answers the same media item.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["completeMediaUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the media library, newest first
         * @description Pass `next_cursor` from one page as `cursor` to get the next; it is null on the last page.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listMedia"];
        put?: never;
        /**
         * Upload a file (up to 100 MB) to the media library
         * @description `multipart/form-data` with the field `file` and optionally `alt_text`. The type is read from the bytes (JPEG, PNG, WebP, GIF, MP4/MOV with H.264 or HEVC and AAC, PDF), never from the name or the declared type; width, height, a video's length and a PDF's pages too. Larger files: the resumable upload.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["uploadMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a media item, with the posts that use it
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getMediaItem"];
        put?: never;
        post?: never;
        /**
         * Delete a media item and its variants
         * @description Refused with 409 `media_in_use` while a scheduled, waiting or publishing post uses it; drafts let go of it (the item leaves their media).
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteMedia"];
        options?: never;
        head?: never;
        /**
         * Change a media item's alt text
         * @description Posts that use it without alt text of their own send the new one from then on.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updateMedia"];
        trace?: never;
    };
    "/api/v1/posts/{id}/review-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a post's review links and their decisions
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listReviewLinks"];
        put?: never;
        /**
         * Create a client review link
         * @description A page at `url` where a client without a Herald account sees the post as each platform will show it and approves it, asks for changes (with a comment) or comments. Each decision notifies the owner and sends `post.review_decision`. The `url` is shown this once. Studio, Pro and Agency plans.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createReviewLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{id}/review-links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a review link
         * @description The link stops working at once; decisions made through it are kept.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["revokeReviewLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{id}/request-approval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a post for approval
         * @description A draft or scheduled post becomes `waiting_for_approval`: it keeps its time, takes its posting slot and is not published until it is approved (through a review link, or by the owner in the dashboard); then it is scheduled again, or published at once if its time has passed. Changes requested make it a draft with the comment in `approval_comment`. Editing it later sends it back to waiting. A draft needs a `scheduled_at` and is checked as a scheduled post. Every plan.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["requestPostApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{id}/plugs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A post's plugs, the accounts that can carry one, and the limits in use
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listPlugs"];
        put?: never;
        /**
         * Arm a plug: a one-time repost or comment when a metric reaches its goal
         * @description On a scheduled post the plug waits; its window starts when the post goes live on that account (24 hours on X, checked every 30 minutes; 48 hours elsewhere, every 5 minutes for the first hour, then every 30).
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createPlug"];
        /**
         * Remove a plug, in any state but while its action runs
         * @description Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deletePlug"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posts/{id}/automation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A scheduled post's automation: the flow that listens for comments on it, and its state
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getPostAutomation"];
        /**
         * Attach a draft flow to a scheduled post (owner only: no agent tool does this)
         * @description The flow listens for comments on this post once it is live on the flow's account. `armed: true` also sets it to turn on with the post.
         *
         *     Scopes: `posts:write` and `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        put: operations["attachPostAutomation"];
        post?: never;
        /**
         * Remove the automation from a scheduled post (detach_post_automation)
         * @description The flow stays, listening on no post; a live one is turned off.
         *
         *     Scopes: `posts:write` and `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["detachPostAutomation"];
        options?: never;
        head?: never;
        /**
         * Set the automation to turn on with its post, or not (owner only)
         * @description Turning it on needs a flow with no problems; the flow's content is pinned then, and any later edit of the flow turns the setting off. On a post already live it turns the flow on at once; `armed: false` turns a live one off.
         *
         *     Scopes: `posts:write` and `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["armPostAutomation"];
        trace?: never;
    };
    "/api/v1/flows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List flows, newest first
         * @description Pass `next_cursor` from one page as `cursor` to get the next; it is null on the last page.
         *
         *     Scope: `flows:read`.
         *
         *     Roles: every member.
         */
        get: operations["listFlows"];
        put?: never;
        /**
         * Create an empty draft flow on a messaging account
         * @description Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Build a whole flow from a description (15 AI credits)
         * @description Workers AI builds it when the deployment has the AI binding, a deterministic local builder otherwise (a keyword trigger, a message and a collect step). With `iterate_on_flow_id` it replaces every step of that flow, which must be an empty draft or exactly what generate_flow last built. Out of AI credits: 403 `feature_disabled`, nothing built.
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["generateFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai-credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * AI credits used this month (UTC) and the plan's allowance
         * @description Scope: `flows:read`.
         *
         *     Roles: every member.
         */
        get: operations["getAiCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a flow: steps (summaries), connections and problems
         * @description With `node_id` (a step's id or name) the answer adds that step's full data as `node`.
         *
         *     Scope: `flows:read`.
         *
         *     Roles: every member.
         */
        get: operations["getFlow"];
        put?: never;
        post?: never;
        /**
         * Delete a flow (a live one stops; a post it listened on has no automation any more)
         * @description Every answer the flow collected is deleted with it.
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteFlow"];
        options?: never;
        head?: never;
        /**
         * Rename a flow or set its daily AI reply budget (in any state)
         * @description Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updateFlow"];
        trace?: never;
    };
    "/api/v1/flows/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a flow as a draft with new ids
         * @description The copy listens on no scheduled post. Duplicate a live flow to edit it.
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["duplicateFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/activate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn a flow on (only with no problems); its content is pinned as the version that runs
         * @description Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["activateFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn a live flow off
         * @description Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["deactivateFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/nodes/{nodeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a step and its connections (delete_node)
         * @description Drafts only. The flow as it stands is saved first as a revision (Before AI edit), in the same write; a concurrent change makes one of two writes fail with `state_error` (`wait_then_retry`), having changed nothing. An edit turns off an automation set to turn on with its post (`notice`).
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteFlowNode"];
        options?: never;
        head?: never;
        /**
         * Update one step (update_node)
         * @description Top-level keys of `data` are set, content blocks merge by `id`, a trigger's `config` merges by key, keys left out are kept; `text`, `link`, `keywords` and `remove_block_ids` are shorthands. Drafts only. The flow as it stands is saved first as a revision (Before AI edit), in the same write; a concurrent change makes one of two writes fail with `state_error` (`wait_then_retry`), having changed nothing. An edit turns off an automation set to turn on with its post (`notice`).
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updateFlowNode"];
        trace?: never;
    };
    "/api/v1/flows/{id}/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a step (add_node)
         * @description The step is not connected yet: add connections with POST …/edges. Drafts only. The flow as it stands is saved first as a revision (Before AI edit), in the same write; a concurrent change makes one of two writes fail with `state_error` (`wait_then_retry`), having changed nothing. An edit turns off an automation set to turn on with its post (`notice`).
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["addFlowNode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/edges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect two steps (add_edge)
         * @description `handle` is where it leaves `from`: a postback button's id, `true`/`false` of a condition, `valid`/`invalid` of a collect step, or none. Drafts only. The flow as it stands is saved first as a revision (Before AI edit), in the same write; a concurrent change makes one of two writes fail with `state_error` (`wait_then_retry`), having changed nothing. An edit turns off an automation set to turn on with its post (`notice`).
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["addFlowEdge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/edges/{edgeId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a connection (delete_edge)
         * @description Drafts only. The flow as it stands is saved first as a revision (Before AI edit), in the same write; a concurrent change makes one of two writes fail with `state_error` (`wait_then_retry`), having changed nothing. An edit turns off an automation set to turn on with its post (`notice`).
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteFlowEdge"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A flow's saved versions, newest first (get_flow_revisions)
         * @description Scope: `flows:read`.
         *
         *     Roles: every member.
         */
        get: operations["listFlowRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a revision (revert_flow_to_version)
         * @description Drafts only. The flow as it stands is saved first as a revision (Before AI edit), in the same write; a concurrent change makes one of two writes fail with `state_error` (`wait_then_retry`), having changed nothing. An edit turns off an automation set to turn on with its post (`notice`).
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["revertFlow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A flow's executions (one per person it started for), newest first
         * @description `status` keeps one kind. Pass `next_cursor` from one page as `cursor` to get the next; it is null on the last page.
         *
         *     Scope: `flows:read`.
         *
         *     Roles: every member.
         */
        get: operations["listFlowExecutions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/executions/{executionId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop an execution under way: it ends before its next step and sends nothing more
         * @description An execution that has already ended (completed, stopped or errored) is `state_error`.
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["stopFlowExecution"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts/{accountId}/contacts/{contactId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Opt a contact out of automations (or back in), or hand them to a person for a while
         * @description Opting out stops every execution of the contact at once, those waiting on a delay included; their later events start nothing until they are opted in again (a contact also opts out by sending "stop", and back in with "start"). Under human takeover automations send them nothing; a run that would is stopped.
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updateContact"];
        trace?: never;
    };
    "/api/v1/inbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List conversations, newest activity first
         * @description Every filter given must hold. `assignee_id=none` lists the unassigned; `q` finds text in any message or the contact's name or handle. Pass `next_cursor` as `cursor` for the next page; it is null on the last.
         *
         *     Scope: `inbox:read`.
         *
         *     Roles: every member.
         */
        get: operations["listInbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{conversationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a conversation and its messages (marks it read)
         * @description Messages oldest first, replies from Herald and a flow's messages among them; `next_cursor` gives the later ones. Another workspace's conversation is 404.
         *
         *     Scope: `inbox:read`.
         *
         *     Roles: every member.
         */
        get: operations["getConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Close or reopen a conversation, assign it, label it
         * @description `assignee_id` must be a member of the workspace (null unassigns; a change sends `conversation.assigned`); `labels` replaces the labels. A new message from the contact opens a done conversation again.
         *
         *     Scope: `inbox:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updateConversation"];
        trace?: never;
    };
    "/api/v1/inbox/{conversationId}/replies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reply in a conversation (sent once, through the queue)
         * @description A public reply under the person's latest comment, with `private: true` a private reply to it (Instagram, Facebook: once per comment, within 7 days), or a direct message in a DM conversation. Answers 202 with the pending message; `inbox.reply_sent` or `inbox.reply_failed` tells the outcome, also on the message. Refused up front, with nothing sent: `reply_not_supported`, text over the platform's limit (`validation_error`, naming it), `outside_messaging_window`, `contact_opted_out`, `private_reply_used`. A reply while a flow runs for the contact takes them over for an hour (`human_until` on the conversation).
         *
         *     Scope: `inbox:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["replyToConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{conversationId}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hide the person's comments from the public
         * @description Hides the comment named by `message_id`, else every one of the person's comments in the conversation (up to 50 a request), on the platform first: Facebook and Instagram hide from everyone but the commenter (and their friends on Facebook), X marks a reply hidden. Each is one platform call; doing it twice is the same as once. Refused `hide_not_supported` for direct messages and platforms without hiding (or none from Herald's adapter yet). Answers the comments changed.
         *
         *     Scope: `inbox:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["hideConversationComments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{conversationId}/unhide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show hidden comments again
         * @description Shows again the comment named by `message_id`, else every one of the person's comments in the conversation (up to 50 a request), on the platform first: Facebook and Instagram hide from everyone but the commenter (and their friends on Facebook), X marks a reply hidden. Each is one platform call; doing it twice is the same as once. Refused `hide_not_supported` for direct messages and platforms without hiding (or none from Herald's adapter yet). Answers the comments changed.
         *
         *     Scope: `inbox:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["unhideConversationComments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inbox/{conversationId}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a comment Herald's account wrote
         * @description Deletes a sent public reply of the account's on the platform (Facebook, Instagram, X), once: a retried or racing request makes no second call and answers the message, `deleted: true`; one already gone from the platform counts as deleted. Refused `delete_not_supported` for the person's comments, private replies, direct messages and platforms whose adapter does not delete, `state_error` for a reply not sent; a failed platform call changes nothing.
         *
         *     Scope: `inbox:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteConversationComment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/collected-data/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a flow has collected: counts per field and the latest answers (previews only)
         * @description The agent tool `get_collected_data`. A recent item's `preview` is left out when the answer looks like an email or a phone number, and for email and phone fields; the whole answers are in the export.
         *
         *     Scope: `flows:read`.
         *
         *     Roles: every member.
         */
        get: operations["getCollectedDataSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/collected-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export collected data, newest first, a page at a time
         * @description The agent tool `export_collected_data`. Pass `nextCursor` from one page as `cursor` for the next (null on the last); items collected while you page do not shift later pages. Being rolled out to admin accounts first: until it reaches you, 403 `not_enabled`.
         *
         *     Scope: `flows:read`.
         *
         *     Roles: every member.
         */
        get: operations["exportCollectedData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/collected-data/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one collected answer
         * @description The agent tool `delete_collected_data` with `itemId`. Gone at once from the export and the summary; not behind the export's rollout. Answers are also deleted with their flow, and a year after they came.
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteCollectedItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/flows/{id}/collected-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete every answer a flow collected
         * @description The agent tool `delete_collected_data` with `flowId`. The flow stays (deleting the flow deletes its answers too); answers collected later are kept until deleted.
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteFlowCollectedData"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/accounts/{id}/whatsapp-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A WhatsApp account's message templates, read from WhatsApp now
         * @description Name, language and status of each template of the WhatsApp Business account, as WhatsApp reports them now; Herald keeps them to check flows' template messages (a flow step whose template is not approved is a problem). Status changes arrive as `whatsapp.template_status` events.
         *
         *     Scope: `flows:read`.
         *
         *     Roles: every member.
         */
        get: operations["listWhatsAppTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rss-feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's RSS and Atom feeds with mode, caps and status
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listRssFeeds"];
        put?: never;
        /**
         * Add a feed whose new items become posts
         * @description The first check records the items already in the feed without posting them; only items that appear later become posts. At most 5 feeds per account and one per URL.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createRssFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rss-feeds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a feed (posts already made stay)
         * @description Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteRssFeed"];
        options?: never;
        head?: never;
        /**
         * Change a feed, or pause or resume it
         * @description Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updateRssFeed"];
        trace?: never;
    };
    "/api/v1/rss-feeds/{id}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause (not checked) or resume a feed; resuming a stopped feed checks it again
         * @description Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["pauseRssFeed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posting-slots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posting slots
         * @description With `account_ids`, only the slots that post for at least one of them.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listPostingSlots"];
        put?: never;
        /**
         * Create a weekly posting slot
         * @description A wall-clock time in the slot's zone on one weekday; it stays put when the clocks change. At most 100 slots per user (400 `slot_limit`).
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createPostingSlot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posting-slots/from-best-times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create posting slots at the accounts' best times
         * @description Up to `count` weekly slots for `account_ids` at the best weekday and hour cells of their history (as `GET /analytics/best-times`, the accounts' posts read together), on the hour in the owner's zone; a cell where the same accounts have a slot already is skipped. They are ordinary slots: every slot rule applies, and nothing is created when one refuses (400 `slot_limit`) or there is too little history (409 `not_enough_history`).
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createSlotsFromBestTimes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posting-slots/occurrences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Slot occurrences in a date range
         * @description Each occurrence of each slot on the days `from` to `to` in `timezone`: the UTC instant, the wall clock in that zone, and whether a post takes it.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listSlotOccurrences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/posting-slots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a posting slot
         * @description Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deletePostingSlot"];
        options?: never;
        head?: never;
        /**
         * Change a posting slot
         * @description Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updatePostingSlot"];
        trace?: never;
    };
    "/api/v1/find-slot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find and hold the next free posting slot
         * @description The earliest occurrence within 60 days after `after` (default now) of a slot that posts for one of the accounts and is not taken (no scheduled, waiting or publishing post on these accounts within 5 minutes, no other hold). It is held for 10 minutes: schedule the post at `at` before `reserved_until`. A user holds at most 5 found slots at once (a post scheduled in one frees its place): past them 429 `too_many_holds` with `Retry-After`, the seconds until the oldest lapses; no hold is released to make room. A credential without `posts:write` (which could not schedule the post) is answered the same slot with `held: false` and `reserved_until: null`, and holds nothing.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["findSlot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signatures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List signatures
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listSignatures"];
        put?: never;
        /**
         * Create a signature
         * @description Text appended to a platform's post (after a blank line) when its override names `signature_id`.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createSignature"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/signatures/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a signature
         * @description Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteSignature"];
        options?: never;
        head?: never;
        /**
         * Change a signature
         * @description Posts already scheduled keep the text they were checked with; edit a post to take the new text.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updateSignature"];
        trace?: never;
    };
    "/api/v1/settings/utm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The UTM parameters posts without their own get on their links
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getDefaultUtm"];
        /**
         * Set (or with null, remove) the default UTM parameters
         * @description Added at publish time, before shortening, to every link of a post that has no `utm` of its own; `{platform}` and `{account}` are filled in per target, and a parameter a link already has is kept.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        put: operations["setDefaultUtm"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks, including those that are off
         * @description Scope: `webhooks:read`.
         *
         *     Roles: every member.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Add a webhook
         * @description The answer holds `signing_secret`, shown this once (it is stored encrypted). Events are POSTed signed: by default `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`; with `signature_format: "standard"`, the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`), which the `standardwebhooks` and `svix` libraries verify. `target_url` must be a public https URL. The plan limits how many `webhook`, `custom` and `n8n` webhooks a user has (`feature_disabled`); `make` and `zapier` do not count, and are capped at 25 per user. One webhook per endpoint: a URL differing from another of yours only in query or fragment is `webhook_exists` (409). `post.review_decision` needs a plan with client review links and `post.plug_fired` one with plugs (400).
         *
         *     Scope: `webhooks:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The events a webhook can subscribe to
         * @description Every event, with when it is sent and whether your plan allows it (`needs` says what it lacks). `test` is not listed: Send test sends it whatever a webhook subscribes to. Each event's body is described under `webhooks` in this document.
         *
         *     Scope: `webhooks:read`.
         *
         *     Roles: every member.
         */
        get: operations["listWebhookEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Its delivery history goes with it; the same URL can be added again.
         *
         *     Scope: `webhooks:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook, or switch it on or off
         * @description `active: true` switches it on with the failure count at zero; it then receives events written from that moment. A new `signature_format` applies to every request from now on, retries included; the signing secret stays the same.
         *
         *     Scope: `webhooks:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/api/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send test: one signed `test` event, now
         * @description Signed in the webhook's `signature_format`. Answers with the endpoint's status code (null when it did not answer) and the time taken. Works on a switched-off webhook. At most 5 per minute per webhook (then 429 `rate_limited` with `retry_after` seconds).
         *
         *     Scope: `webhooks:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["sendTestEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description The new secret is shown this once and signs every request from now on; the old one stops at once.
         *
         *     Scope: `webhooks:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent requests to the endpoint
         * @description Every automatic try (1 to 5 per event), redelivery and test, newest first.
         *
         *     Scope: `webhooks:read`.
         *
         *     Roles: every member.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one event again, now
         * @description Sends one of the user's events (see GET /api/v1/events) to this webhook with the same event id, and answers with how the endpoint answered.
         *
         *     Scope: `webhooks:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user's events in order (the outbox)
         * @description Each item is the body a webhook receives. A receiver that was down catches up by passing the id of the last event it handled as `after`, then each page's `next_cursor` until it is null.
         *
         *     Scope: `webhooks:read`.
         *
         *     Roles: every member.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * In-app notifications, newest first
         * @description Such as a webhook switched off after failed deliveries.
         *
         *     Scope: `accounts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What happened on your accounts in a window, per account and per platform
         * @description Posts published and failed, the latest metrics of the posts published in the window (as plugs and the daily read took them), plug firings, posts made from feed items, and webhook deliveries. `from` and `to` take timestamps or dates (whole UTC days); the default window is the last 30 days.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getAnalyticsOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A post's metrics history on each of its accounts
         * @description One sample each time Herald read the post's metrics: every plug check and the daily read of posts younger than 30 days.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getPostAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Clicks on your posts' short links, per link and per day
         * @description Every `/l/<code>` link visited in the window (with `post_id`: every link of that post), with its URL, post and platform. Visits by known crawlers and link-preview fetchers are counted apart (`bots`), not as clicks. Days are UTC.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getLinkClicks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/best-times": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The weekday and hour cells when the account's posts did best
         * @description From the account's own published posts of the last `days` days (engagement per 1,000 followers where the counts are known), in the owner's zone. Below 10 posts it falls back to the workspace's accounts on the same platform, and below that answers `basis: insufficient` with no cells. The method is in docs/analytics.md.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getBestTimes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The report to hand a client: totals against the period before, followers, posts, links, best times
         * @description For `account_ids`, a client group's accounts (`group_id`), or every account. `format=csv` answers one CSV file with a table per section (columns in docs/analytics.md; cells a spreadsheet would run as formulas start with `'`); `format=pdf` a PDF with the workspace, the group, the period and the charts.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getAnalyticsReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/analytics/accounts/{accountId}/followers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's follower count per day, and its change in a window
         * @description Read once a day from the account's profile on platforms that report followers (docs/platforms.md). `from` and `to` as for the overview; the default window is the last 30 days.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getFollowerGrowth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/report-schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List report schedules
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listReportSchedules"];
        put?: never;
        /**
         * Mail a client group's report every week or month
         * @description The report of `GET /analytics/report` for the group, as its CSV or PDF, mailed to each address in `to` (a mail each) on the first day of each period in the owner's zone (Monday for `week`, the 1st for `month`), covering the period just ended (its dates as whole UTC days, as the report route reads dates: east of UTC it goes out at 00:00 UTC, once those days ended). The first goes out when the next period begins, never at once; each period's report goes to each address once. A mail the provider cannot take is tried again by the next hourly run, 3 tries in all, then the owner gets a `report_mail_failed` notification. At most 20 per workspace (400 `report_schedule_limit`); another workspace's group is 404.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createReportSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/report-schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a report schedule
         * @description Nothing more is mailed for it, a report already claimed but not yet sent included.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["deleteReportSchedule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/report-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List shared report links
         * @description Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listReportLinks"];
        put?: never;
        /**
         * Share a client group's report by link
         * @description A page at `url` (`/reports/<token>`) showing the group's report of the last `days` days, built whenever it is opened, to whoever holds the link, with no Herald account: totals against the period before, followers, posts best first and link clicks. The token is 32 random bytes, shown this once (only its hash is kept). The page answers 410 once the link expires or is revoked, 404 for a token Herald never made. Another workspace's group is 404.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["createReportLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/report-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Turn a shared report link off
         * @description The page answers 410 from now on; revoking twice answers the same.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        delete: operations["revokeReportLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connect/{platform}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where the platform sends the user back after consent
         * @description Needs no key: the state identifies who started the connection, and it is finished only in the browser that started it (its `herald_consent` cookie, or a browser signed in to Herald as that user); any other browser gets 403 `wrong_browser` and nothing is connected. Exchanges the code, stores the tokens encrypted, reads the profile and creates the account (201) or refreshes the one already connected (200). One consent can bring several accounts (each Facebook Page granted; a LinkedIn member and the organizations they administer): all are connected or none is. An identity another user holds is refused (409 `account_taken`), and the new accounts must fit in the plan (403 `feature_disabled`). A browser (`Accept: text/html`) gets a page saying the same. A consent started from a client invite always answers with the invite's page.
         */
        get: operations["completeConnection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/l/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a short link from a published post
         * @description Links in a post's text become these when it is published. Counts the click (crawlers and link-preview fetchers apart) and redirects (302).
         */
        get: operations["followShortLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An image Herald made for a post (RSS `image: ai`)
         * @description Public, so that platforms can fetch it; the key is unguessable. Answers the image with its content type and a one-year immutable cache.
         */
        get: operations["getMedia"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user on any plan and get an API key
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Needs no key. Asking again for the email of a user the sandbox made gives it a new password and key; the email of anyone else (who signed up) is refused. `admin: true` makes an admin user, who gets features rolled out to admins first.
         */
        post: operations["createSandboxUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect a sandbox account of any platform with chosen facts
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Counts toward the plan's account limit like any account (403 `feature_disabled` beyond it).
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["connectSandboxAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a sandbox account's facts
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        patch: operations["updateSandboxAccount"];
        trace?: never;
    };
    "/api/v1/sandbox/published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the sandbox platform received
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Each publish, comment and repost on the user's accounts, and each private reply and message a flow sent, with exactly what was sent.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["listSandboxCalls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The mail Herald sent
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Needs no key. Every mail (an invitation, a report) Herald would have sent through its mail provider, oldest first; `to` keeps one address's.
         */
        get: operations["listSandboxEmails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the metrics a platform reports for a published post
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Counts not given keep their value (0 at first).
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["setSandboxMetrics"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/faults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a platform's next calls fail, or the mail provider's next sends
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. `error`: a 503 before anything was accepted (retryable). `timeout`: no answer after the request was sent (may have posted). `reject`: the platform refuses the content. `revoked`: the account's tokens are refused. `rate_limited`: a 429 saying its rate limit resets in 20 s (publishing tries again no sooner). With `after`, that many calls go through first: fail a thread's third segment with `after: 2`. `platform: mail` makes Herald's mail provider refuse (`reject`) or fail (any other mode) the next sends, as `mail_failed`.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["setSandboxFault"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write events to the outbox, as a feature would
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. The events go to the user's webhooks like any other (and show in GET /api/v1/events).
         *
         *     Scope: `webhooks:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["emitSandboxEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/template-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change a WhatsApp template's status, as Meta's review would
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. The sandbox platform's template takes the status (the template read answers it next), and the change arrives as Meta's `message_template_status_update` webhook would: the stored template changes and `whatsapp.template_status` is sent to the user's webhooks. An unknown template is created.
         *
         *     Scope: `accounts:write`.
         *
         *     Roles: owner, admin (others: 403 `insufficient_role`).
         */
        post: operations["sendSandboxTemplateStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move the service clock
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Every service reads time from this clock; posts that become due go out at once.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["moveSandboxClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/tick": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run cron jobs now
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Runs every job, or the named ones, and answers when they have run.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["runSandboxJobs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/inbound": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a comment or message to an account, as the platform would
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Queued as the platform's webhook event is: live flows whose trigger it answers run for the sender, and every reply they send shows in GET /api/v1/sandbox/published (`private_reply`, `message`). The same `id` twice runs once.
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["sendSandboxInbound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Opt a contact out of automations, or hand them to a person for a while
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Opted-out contacts and contacts under human takeover get no automated message; their events start nothing. A contact also opts out by sending "stop" (and back in with "start").
         *
         *     Scope: `flows:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        post: operations["setSandboxContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/backlog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the work not yet finished
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Across every user: targets due and not sent, webhook deliveries unfinished, outbox events not fanned out, inbound events not handled, flow runs midway and plugs firing. All zero (`settled`) means nothing more happens until something new is due; a load test waits for it.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getSandboxBacklog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sandbox/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the deployment's tunable numbers
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404.
         *
         *     Scope: `posts:read`.
         *
         *     Roles: every member.
         */
        get: operations["getSandboxConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the deployment's tunable numbers at run time
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404.
         *
         *     Scope: `posts:write`.
         *
         *     Roles: owner, admin, editor (others: 403 `insufficient_role`).
         */
        patch: operations["updateSandboxConfig"];
        trace?: never;
    };
}
export interface webhooks {
    "post.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A post went live on one platform (with its whole thread, when it has one) */
        post: operations["receivePostPublished"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "post.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A post could not be published on one platform */
        post: operations["receivePostFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.triggered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An automation started for someone */
        post: operations["receiveFlowTriggered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.error": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An automation stopped with an error */
        post: operations["receiveFlowError"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "flow.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An automation finished for someone */
        post: operations["receiveFlowCompleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "message.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A direct message to an account */
        post: operations["receiveMessageReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "comment.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A comment on one of an account's posts */
        post: operations["receiveCommentReceived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "account.disconnected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An account was disconnected, or its platform stopped accepting it */
        post: operations["receiveAccountDisconnected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "whatsapp.template_status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A messaging template was approved, rejected or paused */
        post: operations["receiveWhatsappTemplateStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "post.review_decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A client approved, asked for changes or commented on a review link */
        post: operations["receivePostReviewDecision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "post.plug_fired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A plug fired (a repost or a comment) */
        post: operations["receivePostPlugFired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "conversation.assigned": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An inbox conversation was assigned to a member, or unassigned */
        post: operations["receiveConversationAssigned"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inbox.reply_sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A reply from the inbox reached the platform */
        post: operations["receiveInboxReplySent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inbox.reply_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A reply from the inbox did not reach the platform (or may have: `ambiguous`) */
        post: operations["receiveInboxReplyFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sent by Send test, whatever the webhook subscribes to */
        post: operations["receiveTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        PostPublishedEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "post.published";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["PostPublishedEventData"];
        };
        PostPublishedEventData: {
            postId: string;
            platform: string;
            accountId: string;
            /** @description The post itself: the first segment of a thread */
            platformPostId: string;
            /** @description Every segment's platform post id, in order (one, the post's, when it has no thread) */
            segments: string[];
            /** @description The first comment's platform id, when one was posted */
            firstCommentId?: string;
        };
        PostFailedEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "post.failed";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["PostFailedEventData"];
        };
        PostFailedEventData: {
            postId: string;
            platform: string;
            accountId: string;
            /** @description The target's error code (see the errors reference) */
            error: string;
            /** @description How many of the thread's segments went out before it stopped (0 when none did, and for a post without a thread that failed) */
            publishedSegments: number;
        };
        FlowTriggeredEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "flow.triggered";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["FlowTriggeredEventData"];
        };
        FlowTriggeredEventData: {
            flowId: string;
            executionId: string;
            platform: string;
            accountId: string;
            /** @description The person's platform-scoped id */
            senderId: string;
        };
        FlowErrorEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "flow.error";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["FlowErrorEventData"];
        };
        FlowErrorEventData: {
            flowId: string;
            executionId?: string;
            flowName: string;
            errorMessage: string;
            errorNodeId: string;
        };
        FlowCompletedEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "flow.completed";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["FlowCompletedEventData"];
        };
        FlowCompletedEventData: {
            flowId: string;
            flowName: string;
            executionId: string;
            accountId: string;
            platform: string;
            /** @description The person the flow ran for (their platform-scoped id) */
            contactId: string;
            /** @description When the run ended (ISO 8601, UTC) */
            completedAt: string;
            /** @description One item per answer to a question step, in order (a question answered again after an invalid answer appears twice). Never the values: read them with the collected-data export. */
            collected: {
                fieldLabel: string;
                valid: boolean;
            }[];
        };
        MessageReceivedEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "message.received";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["MessageReceivedEventData"];
        };
        MessageReceivedEventData: {
            /** @description The account the message was sent to */
            accountId: string;
            platform: string;
            /** @description The inbox conversation it landed on (`GET /api/v1/inbox/{conversationId}`) */
            conversationId: string;
            /** @description The sender's platform-scoped id */
            contactId: string;
            /** @description The platform's message id */
            messageId: string;
            /** @description Empty for a message with only media */
            text: string;
            /** @description Present when the message carries any */
            media?: components["schemas"]["ReceivedMedia"][];
            /** @description When Herald received it (ISO 8601, UTC) */
            receivedAt: string;
        };
        ReceivedMedia: {
            /** @description As the platform names it, such as `image`, `video`, `audio` or `file` */
            type: string;
            /** @description The platform's link to it; platforms expire these links after a while */
            url: string;
        };
        CommentReceivedEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "comment.received";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["CommentReceivedEventData"];
        };
        CommentReceivedEventData: {
            /** @description The account whose post was commented on */
            accountId: string;
            platform: string;
            /** @description The inbox conversation it landed on (`GET /api/v1/inbox/{conversationId}`) */
            conversationId: string;
            /** @description Herald's post, when Herald published the post; else null */
            postId: string | null;
            /** @description The platform's id of the post; null when unknown */
            platformPostId: string | null;
            /** @description The platform's comment id */
            commentId: string;
            /** @description The commenter's platform-scoped id */
            contactId: string;
            text: string;
            /** @description When Herald received it (ISO 8601, UTC) */
            receivedAt: string;
        };
        AccountDisconnectedEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "account.disconnected";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["AccountDisconnectedEventData"];
        };
        AccountDisconnectedEventData: {
            accountId: string;
            platform: string;
            /**
             * @description `owner`: disconnected by its owner. `reauth_required`: the platform refused to renew its tokens. `platform_revoked`: the platform refused its tokens (access withdrawn on the platform). Either of the last two leaves the account `reauth_required` until it is connected again.
             * @enum {string}
             */
            reason: "owner" | "reauth_required" | "platform_revoked";
            /** @description When Herald found it (ISO 8601, UTC) */
            at: string;
        };
        WhatsappTemplateStatusEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "whatsapp.template_status";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["WhatsappTemplateStatusEventData"];
        };
        WhatsappTemplateStatusEventData: {
            accountId: string;
            templateName: string;
            templateLanguage: string;
            /** @enum {string} */
            event: "approved" | "rejected" | "paused" | "disabled";
            reason: string | null;
        };
        PostReviewDecisionEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "post.review_decision";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["PostReviewDecisionEventData"];
        };
        PostReviewDecisionEventData: {
            postId: string;
            /** @description Null for the owner's own decision */
            reviewLinkId: string | null;
            /** @enum {string} */
            kind: "approved" | "changes_requested" | "comment";
            reviewerName: string;
            comment?: string;
        };
        PostPlugFiredEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "post.plug_fired";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["PostPlugFiredEventData"];
        };
        PostPlugFiredEventData: {
            plug_id: string;
            post_id: string;
            account_id: string;
            platform: string;
            /** @enum {string} */
            metric: "likes" | "comments" | "reposts" | "views";
            threshold: number;
            value: number;
            /** @enum {string} */
            action: "repost" | "comment";
        };
        ConversationAssignedEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "conversation.assigned";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["ConversationAssignedEventData"];
        };
        ConversationAssignedEventData: {
            conversationId: string;
            /** @description The member now assigned; null: unassigned */
            assigneeId: string | null;
            accountId: string;
        };
        InboxReplySentEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "inbox.reply_sent";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["InboxReplySentEventData"];
        };
        InboxReplySentEventData: {
            conversationId: string;
            /** @description The reply's id in the conversation (`msg_…`) */
            messageId: string;
            platform: string;
            accountId: string;
            /** @description The platform's id of the reply once sent */
            platformMessageId: string | null;
            /** @description Why it failed (null when sent); `ambiguous`: no answer came, it may have gone out */
            error: {
                code: string;
                message: string;
                ambiguous: boolean;
            } | null;
        };
        InboxReplyFailedEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "inbox.reply_failed";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["InboxReplyFailedEventData"];
        };
        InboxReplyFailedEventData: {
            conversationId: string;
            /** @description The reply's id in the conversation (`msg_…`) */
            messageId: string;
            platform: string;
            accountId: string;
            /** @description The platform's id of the reply once sent */
            platformMessageId: string | null;
            /** @description Why it failed (null when sent); `ambiguous`: no answer came, it may have gone out */
            error: {
                code: string;
                message: string;
                ambiguous: boolean;
            } | null;
        };
        TestEvent: {
            /** @description The event id (`evt_…`): the same on every try; skip one seen before */
            id: string;
            /** @enum {string} */
            event: "test";
            /** @description When the event was written (ISO 8601, UTC): it orders events */
            timestamp: string;
            data: components["schemas"]["TestEventData"];
        };
        TestEventData: {
            webhook_id: string;
            message: string;
        };
        Error: {
            /** @enum {boolean} */
            success: false;
            error: {
                /** @example validation_error */
                code: string;
                message: string;
                /**
                 * @description This request's id, as in the `X-Request-Id` header: quote it when asking about a failure (Herald's log lines carry it)
                 * @example 9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d
                 */
                request_id: string;
            } & {
                [key: string]: unknown;
            };
        };
        TriggerStepData: {
            config: {
                /**
                 * @description What starts the flow; herald://trigger-types lists them per platform
                 * @enum {string}
                 */
                kind: "comment_keyword" | "dm_keyword" | "story_reply" | "story_mention";
                /**
                 * @description Words that start it (case-insensitive); needed unless `match` is `any`
                 * @default []
                 */
                keywords?: string[];
                /**
                 * @description `contains`: a keyword anywhere; `exact`: the whole message; `any`: every message
                 * @default contains
                 * @enum {string}
                 */
                match?: "contains" | "exact" | "any";
                /** @description Only comments on these posts (platform media ids); all posts when absent */
                media_ids?: string[];
            };
        };
        MessageStepData: {
            /** @default [] */
            blocks?: {
                /**
                 * @description Given by Herald when left out; update_node merges blocks by it
                 * @example btn_guide
                 */
                id?: string;
                /** @default  */
                text?: string;
                /** @default [] */
                buttons?: {
                    /**
                     * @description Given by Herald when left out; a postback button's connection leaves from it
                     * @example btn_guide
                     */
                    id?: string;
                    label: string;
                    /**
                     * @description `url` opens `url`; `postback` continues along its connection
                     * @enum {string}
                     */
                    type: "url" | "postback";
                    /** Format: uri */
                    url?: string;
                }[];
            }[];
            /**
             * Format: uri
             * @description An outgoing link sent with the message
             */
            link?: string | null;
            /** @description WhatsApp: send this approved message template (costs no AI credits; it may open a conversation outside the 24-hour window); null removes it */
            template?: {
                name: string;
                language: string;
                /** @description The values of the template's body variables, in order ({{1}} first): plain text, as many as the template has */
                parameters?: string[];
            } | null;
        };
        DelayStepData: {
            /** @description Milliseconds to wait: at least 1000 (1 second), at most 365 days (or the flow has a problem); a loop's delays must add up to an hour */
            delay_time: number;
            window?: components["schemas"]["DelayWindow"];
        };
        /** @description Go on only inside this weekly window: a delay that ends outside it waits for its next opening */
        DelayWindow: {
            /** @description When it opens (24-hour HH:MM, wall clock in `timezone`) */
            start: string;
            /** @description When it closes (not included); earlier than `start`, it closes the next day (22:00 to 06:00 runs overnight) */
            end: string;
            /**
             * @description The days it opens on, 0 Sunday … 6 Saturday as in posting slots; every day when left out
             * @default [
             *       0,
             *       1,
             *       2,
             *       3,
             *       4,
             *       5,
             *       6
             *     ]
             */
            weekdays?: number[];
            /** @description An IANA zone; the owner's time zone when left out (UTC while they have none) */
            timezone?: string;
        };
        ConditionStepData: {
            /** @default [] */
            rules?: {
                /** @description A collected field's label, a tag or a contact field */
                field: string;
                /** @enum {string} */
                op: "equals" | "not_equals" | "contains" | "not_contains" | "is_set" | "is_not_set" | "greater_than" | "less_than";
                value?: string | number | boolean;
            }[];
            /**
             * @default all
             * @enum {string}
             */
            match?: "all" | "any";
        };
        CollectStepData: {
            /**
             * @description What the answer must be; needed to turn the flow on
             * @enum {string}
             */
            field_type?: "email" | "phone" | "text" | "number" | "url" | "date";
            /**
             * @description The name the answer is kept under
             * @default
             */
            label?: string;
            /**
             * @description The question it sends; empty waits for the answer to the message before it
             * @default
             */
            prompt?: string;
            /**
             * @description Times it asks again after an invalid answer
             * @default 2
             */
            retries?: number;
        };
        AiReplyStepData: {
            /**
             * @description How the AI should answer (5 AI credits per reply)
             * @default
             */
            instructions?: string;
            /** @default 500 */
            max_chars?: number;
        };
        PaymentStepData: {
            /** @description Owner-only: set in the owner's editor */
            product_id?: string;
            /** @description Owner-only: the amount in the currency's minor units */
            price?: {
                amount: number;
                currency: string;
            };
        };
        ActionStepData: {
            /** @enum {string} */
            kind: "tag";
            tag: string;
        } | {
            /** @enum {string} */
            kind: "set_field";
            field: string;
            value: string | number | boolean;
        } | {
            /** @enum {string} */
            kind: "notify";
            message: string;
        } | {
            /** @enum {string} */
            kind: "http";
            /** @enum {string} */
            method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
            /** @description A public https URL */
            url: string;
            /**
             * @description Stored encrypted and always shown as [redacted]; send [redacted] to keep a value
             * @default {}
             */
            headers?: {
                [key: string]: string;
            };
            body?: string;
        };
        Health: {
            /** @enum {string} */
            status: "ok";
            version: string;
            time: string;
            jobs: {
                last_run_at: string | null;
                last_duration_ms: number | null;
                /** @description How the last run failed: an error code or class (`D1_ERROR`, `TypeError`), never its message */
                last_error: string | null;
                name: string;
                schedule: string;
            }[];
            machinery: {
                last_run_at: string | null;
                last_duration_ms: number | null;
                /** @description How the last run failed: an error code or class (`D1_ERROR`, `TypeError`), never its message */
                last_error: string | null;
                name: string;
            }[];
            /** @description How far behind the retention of growing tables is (docs/storage.md) */
            retention: {
                /** @description When housekeeping last pruned expired rows */
                last_run_at: string | null;
                /** @description Whether that run removed every expired row (null before the first run) */
                drained: boolean | null;
                /** @description Tables it left expired rows in (its time budget ran out), and how many */
                backlog: {
                    table: string;
                    rows: number;
                }[];
            };
        };
        CreatedApiKey: {
            id: string;
            name: string;
            /**
             * @description The key's first characters, to tell keys apart
             * @example sk_4fQm9Zx
             */
            prefix: string;
            created_at: string;
            last_used_at: string | null;
            revoked_at: string | null;
            /**
             * @description The whole key. Shown once, here; store it now.
             * @example sk_…
             */
            key: string;
        };
        CreateApiKey: {
            /** @default API key */
            name?: string;
        };
        ApiKey: {
            id: string;
            name: string;
            /**
             * @description The key's first characters, to tell keys apart
             * @example sk_4fQm9Zx
             */
            prefix: string;
            created_at: string;
            last_used_at: string | null;
            revoked_at: string | null;
            /** @description The member the key acts as (its role bounds the key); null once they left */
            member: {
                /** @example mem_4fQm9Zx2 */
                id: string;
                person_id: string;
                email: string;
                name: string | null;
                /** @enum {string} */
                role: "owner" | "admin" | "editor" | "viewer";
            } | null;
        };
        Member: {
            /** @example mem_4fQm9Zx2 */
            id: string;
            email: string;
            /** @description The person's display name; null while invited */
            name: string | null;
            /** @enum {string} */
            role: "owner" | "admin" | "editor" | "viewer";
            /** @enum {string} */
            status: "invited" | "active";
            /** @description The person's login (what an inbox assignee names); null while invited */
            person_id: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T09:30:00.000Z
             */
            joined_at: string | null;
            /**
             * Format: date-time
             * @example 2026-11-22T09:30:00.000Z
             */
            last_active_at: string | null;
            /**
             * Format: date-time
             * @description Until when the invitation holds; null once joined
             * @example 2026-11-22T09:30:00.000Z
             */
            expires_at: string | null;
        };
        InvitedMember: {
            id: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "editor" | "viewer";
            /** @enum {string} */
            status: "invited";
            /** @description The invitation link. Shown once, here (and in the mail). */
            invite_url: string;
            /**
             * Format: date-time
             * @example 2026-11-22T09:30:00.000Z
             */
            expires_at: string;
            /** @description Whether the mail with the link went out (else share it yourself) */
            emailed: boolean;
        };
        InviteMember: {
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: "admin" | "editor" | "viewer";
        };
        UpdateMember: {
            /** @enum {string} */
            role: "admin" | "editor" | "viewer";
        };
        Deleted: {
            id: string;
            /** @enum {boolean} */
            deleted: true;
        };
        AcceptInvitation: {
            token: string;
        };
        Workspace: {
            id: string;
            name: string;
            plan: string;
            seats: {
                used: number;
                limit: number;
            };
            /**
             * @description The caller's role here
             * @enum {string}
             */
            role: "owner" | "admin" | "editor" | "viewer";
        };
        UpdateWorkspace: {
            name: string;
        };
        ConnectedAccount: {
            /** @example acct_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            platform: components["schemas"]["PlatformKey"];
            name: string;
            platform_user_id: string;
            text_limit: number;
            group_id: string | null;
            /** @enum {string} */
            status: "active" | "reauth_required" | "disconnected";
            subscription_tier: string | null;
            created_at: string;
        };
        /** @enum {string} */
        PlatformKey: "twitter" | "instagram" | "facebook" | "linkedin" | "threads" | "tiktok" | "youtube" | "bluesky" | "pinterest" | "telegram" | "discord" | "slack" | "mastodon" | "lemmy" | "tumblr" | "devto" | "hashnode" | "wordpress" | "listmonk" | "dribbble" | "twitch" | "kick" | "whatsapp" | "reddit" | "google_business";
        ConnectedAccountUpdate: {
            /** @description The group to move the account into; null takes it out of its group */
            group_id: string | null;
        };
        ConnectStart: {
            /**
             * Format: uri
             * @description Send the user here to consent on the platform
             */
            authorization_url: string;
            /** @description Bound to you; comes back on the callback */
            state: string;
            /**
             * Format: date-time
             * @description The consent must be completed before this
             * @example 2026-11-22T09:30:00.000Z
             */
            expires_at: string;
        };
        /**
         * @description The platform's own credentials, checked against the platform before they are saved:
         *     - bluesky: `{ handle, app_password, service? }`
         *     - mastodon: `{ instance_url }` starts OAuth on the instance (202 with `authorization_url`); `{ instance_url, access_token }` connects with a token made in the instance's Development settings
         *     - telegram: `{ bot_token, channel }` (the bot must be an administrator of the channel)
         *     - discord: `{ bot_token }`
         *     - slack: `{ bot_token }` (`xoxb-…`)
         *     - lemmy: `{ instance_url, username_or_email, password, totp_2fa_token? }` (the password is used once; the session token is kept)
         *     - devto: `{ api_key }`
         *     - hashnode: `{ access_token, publication_host? }`
         *     - wordpress: `{ site_url, username, application_password }`
         *     - listmonk: `{ instance_url, api_user, api_token }`
         *     - whatsapp: `{ access_token, waba_id, phone_number_id? }` (a system user's token; `phone_number_id` chooses among the WhatsApp Business Account's numbers); `GET` starts Embedded Signup instead
         * @example {
         *       "handle": "herald.bsky.social",
         *       "app_password": "abcd-efgh-ijkl-mnop"
         *     }
         */
        ConnectCredentials: {
            [key: string]: unknown;
        };
        AccountGroup: {
            /** @example grp_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            name: string;
            /** @description The accounts in the group, oldest first */
            account_ids: string[];
            created_at: string;
        };
        /** @description `name` is unique among your groups */
        AccountGroupCreate: {
            /** @example Acme Bakery */
            name: string;
            /** @description Exactly the accounts in the group; each leaves any other group it was in */
            account_ids?: string[];
        };
        /** @description Fields given replace the group's */
        AccountGroupUpdate: {
            /** @example Acme Bakery */
            name?: string;
            /** @description Exactly the accounts in the group; each leaves any other group it was in */
            account_ids?: string[];
        };
        CreatedClientInvite: components["schemas"]["ClientInvite"] & {
            /**
             * Format: uri
             * @description The link to send the client; shown only in this answer
             */
            url: string;
        };
        ClientInvite: {
            /** @example inv_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            group_id: string;
            platforms: components["schemas"]["PlatformKey"][];
            max_accounts: number;
            /**
             * @description Checked in this order: `revoked`, `used_up` (as many accounts added as `max_accounts`), `expired` (7 days after creation), else `active`
             * @enum {string}
             */
            state: "active" | "used_up" | "expired" | "revoked";
            /** @description Places a client may still take (0 once the invite is no longer active) */
            places_left: number;
            /** @description The accounts clients connected through this invite, oldest first */
            accounts: {
                id: string;
                platform: string;
                name: string;
                connected_at: string;
            }[];
            created_at: string;
            expires_at: string;
            revoked_at: string | null;
        };
        ClientInviteCreate: {
            /** @description The account group the accounts land in */
            group_id: string;
            /**
             * @description Offered platforms: any of facebook, instagram, linkedin, pinterest, twitter (LinkedIn personal profiles) that this deployment can connect
             * @example [
             *       "instagram",
             *       "facebook"
             *     ]
             */
            platforms: string[];
            /**
             * @description Most accounts the link may add
             * @default 5
             */
            max_accounts?: number;
        };
        Destinations: {
            /**
             * @description `list`: pick one of `destinations` (Discord, Slack). `manual`: the user types one, checked with POST (Telegram channels); `destinations` are those checked so far.
             * @enum {string}
             */
            mode: "list" | "manual";
            destinations: components["schemas"]["Destination"][];
        };
        Destination: {
            id: string;
            label: string;
            rules?: components["schemas"]["DestinationRules"];
        };
        /** @description What the platform says a post to this destination must be (a subreddit's post kinds and flair), checked when a post is scheduled */
        DestinationRules: {
            post_kinds?: string[];
            flair_required?: boolean;
            flairs?: {
                id: string;
                text: string;
            }[];
            title_max?: number;
            text_required?: boolean;
        };
        DestinationCheck: {
            /**
             * @description What the user typed: a channel username such as `@heraldnews`, or a destination's id or name
             * @example @heraldnews
             */
            input: string;
        };
        PostDryRun: {
            /** @enum {boolean} */
            dry_run: true;
            /** @enum {string} */
            status: "draft" | "scheduled" | "waiting_for_approval" | "publishing" | "published" | "failed";
            scheduled_at: string | null;
            platforms: {
                platform: components["schemas"]["PlatformKey"];
                account_id: string;
                text: string;
                text_length: number;
                text_limit: number;
                destination_id: string | null;
                /** @description Only the fields this platform is sent. Where it needs a copy of a library image (smaller, or JPEG) that is not made yet, the item has `url: null`, `variantOf` (the original) and `maxBytes`: a dry run makes no copy, saving the post does */
                media: {
                    [key: string]: unknown;
                }[];
                options: {
                    [key: string]: unknown;
                };
                article: {
                    [key: string]: unknown;
                } | null;
                /** @description In the order they go out: 0 is the post itself, each next a reply to the one before */
                segments: {
                    index: number;
                    text: string;
                    text_length: number;
                    text_limit: number;
                    media: {
                        [key: string]: unknown;
                    }[];
                }[];
                first_comment: {
                    text: string;
                    text_length: number;
                    text_limit: number;
                } | null;
            }[];
        };
        Post: {
            /** @example post_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            /** @enum {string} */
            status: "draft" | "scheduled" | "waiting_for_approval" | "publishing" | "published" | "failed";
            text: string;
            /** @enum {string} */
            schedule_type: "draft" | "scheduled" | "immediate";
            scheduled_at: string | null;
            timezone: string | null;
            media: components["schemas"]["MediaItem"][];
            platform_overrides: {
                [key: string]: components["schemas"]["PlatformOverride"];
            };
            thread: components["schemas"]["ThreadSegment"][];
            first_comment: components["schemas"]["FirstComment"];
            poll: components["schemas"]["Poll"];
            platforms: components["schemas"]["PostTarget"][];
            utm: components["schemas"]["Utm"];
            repeat: components["schemas"]["Repeat"];
            /** @description On a copy of an evergreen post: the original it repeats (its rule applies) */
            repeat_of: string | null;
            /**
             * @description On an original: why its copies stopped coming back (`times`, `until`; `failed`, `no_free_slot` or `refused`, each with a notification); null while they go on
             * @enum {string|null}
             */
            repeat_stopped: "times" | "until" | "failed" | "no_free_slot" | "refused" | null;
            /**
             * @description Approve-before-publish: null until the post is sent for approval (`POST /posts/{id}/request-approval`); then the last step of its review
             * @enum {string|null}
             */
            approval: "requested" | "approved" | "changes_requested" | null;
            /** @description What the reviewer asked to change, kept on the post until it is approved */
            approval_comment: string | null;
            created_at: string;
            updated_at: string;
            automation?: components["schemas"]["PostAutomation"];
        };
        MediaItem: {
            /**
             * @description With `url`: `image` or `video`. With `media_id` it is the library item's (a `document` is a PDF)
             * @enum {string}
             */
            type: "image" | "video" | "document";
            /**
             * @description A media library item (`med_…`), instead of `url`
             * @example med_3hZ0cQ8vXb1mK2pLr9Ta
             */
            media_id?: string;
            /** Format: uri */
            url: string;
            /** @description Documents only: the title of a LinkedIn document post (default: the file's name) */
            title?: string;
            /** @description Images only; at most 1,000 characters */
            alt_text?: string;
            /**
             * Format: uri
             * @description Videos only: an image used as the cover
             */
            cover_url?: string;
            /** @description Videos only: the frame time used as the cover */
            cover_time_ms?: number;
        };
        PlatformOverride: {
            /** @description true keeps this platform's own text and media; shared edits no longer change it */
            detached?: boolean;
            /** @description The platform's own text (while detached) */
            text?: string;
            /** @description The platform's own media (while detached) */
            media?: components["schemas"]["MediaItem"][];
            signature_id?: string;
            title?: string;
            /** @description Article body, Markdown */
            body?: string;
            /** Format: uri */
            canonical_url?: string;
            /** Format: uri */
            cover_image?: string;
            tags?: string[];
            /** @description A detached platform's own follow-up segments; `[]` means no thread on this platform */
            thread?: components["schemas"]["ThreadSegment"][];
            /** @description This platform's own first comment; `null` means none on it */
            first_comment?: {
                text: string;
            } | null;
        };
        ThreadSegment: {
            text: string;
            media: components["schemas"]["MediaItem"][];
        };
        /** @description Posted under the published post, after the whole thread */
        FirstComment: {
            text: string;
        } | null;
        /** @description A native poll (X, Mastodon, Telegram, Discord): each platform's option length and duration limits are checked per target when the post is scheduled; other platforms refuse it (`poll_not_supported`) */
        Poll: {
            options: string[];
            duration_minutes: number;
        } | null;
        PostTarget: {
            platform: components["schemas"]["PlatformKey"];
            account_id: string;
            metadata: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "draft" | "scheduled" | "queued" | "publishing" | "published" | "failed" | "cancelled";
            platform_post_id: string | null;
            url: string | null;
            error: {
                code: string;
                message: string;
            } | null;
            attempts: number;
            published_at: string | null;
            /** @description What went out to this account, segment by segment */
            segments: components["schemas"]["TargetSegment"][];
            first_comment?: components["schemas"]["TargetFirstComment"];
        };
        TargetSegment: {
            /** @description 0 is the post itself; then the thread's segments in order */
            index: number;
            /** @enum {string} */
            status: "pending" | "published" | "failed";
            platform_post_id: string | null;
            url: string | null;
            error: {
                code: string;
                message: string;
            } | null;
        };
        /** @description When the target has a first comment */
        TargetFirstComment: {
            /** @enum {string} */
            status: "pending" | "published" | "failed";
            platform_comment_id: string | null;
            error: {
                code: string;
                message: string;
            } | null;
        };
        /**
         * @description The post's own UTM parameters (null: the workspace default)
         * @example {
         *       "source": "{platform}",
         *       "medium": "social",
         *       "campaign": "spring-launch",
         *       "content": "{account}"
         *     }
         */
        Utm: {
            /** @description `{platform}` and `{account}` are filled in per target at publish time */
            source?: string;
            /** @description `{platform}` and `{account}` are filled in per target at publish time */
            medium?: string;
            /** @description `{platform}` and `{account}` are filled in per target at publish time */
            campaign?: string;
            /** @description `{platform}` and `{account}` are filled in per target at publish time */
            content?: string;
        } | null;
        /**
         * @description On an evergreen original: how its copies come back
         * @example {
         *       "every_days": 30,
         *       "times": 6,
         *       "variations": [
         *         "Still time to read our guide: https://example.com/guide"
         *       ]
         *     }
         */
        Repeat: {
            /** @description Each copy goes out at least this many days after the last publish */
            every_days: number;
            /** @description How many copies at most (the original not counted); none: until another rule stops */
            times?: number;
            /** @description No copy after the end of this day (in the post's time zone, else UTC) */
            until?: string;
            /** @description Texts the copies rotate through with the original's: copy 1 takes the first variation, then the next, then the original's text again. Needed where the platform refuses the same text twice (X) */
            variations?: string[];
        } | null;
        /** @description The flow that listens for comments on this post (one post's answer only, not lists) */
        PostAutomation: {
            flowId: string;
            flowName: string;
            /** @enum {string} */
            state: "building" | "failed" | "off" | "armed" | "live" | "needs_attention";
            /** @description Set to turn on with the scheduled post */
            armed: boolean;
            /** @description Present when the automation needs a fix */
            problem?: {
                code: string;
                message: string;
            };
        };
        PostCreate: {
            /** @default  */
            text?: string;
            platforms: components["schemas"]["PostTargetInput"][];
            /**
             * @description Neither makes a draft
             * @enum {string}
             */
            schedule_type?: "scheduled" | "immediate";
            /**
             * @description ISO 8601. Without an offset it is a wall-clock time in `timezone`.
             * @example 2026-12-01T09:30:00Z
             */
            scheduled_at?: string;
            /** @example Europe/Berlin */
            timezone?: string;
            /** @default [] */
            media?: components["schemas"]["MediaItemInput"][];
            /** @default {} */
            platform_overrides?: {
                twitter?: components["schemas"]["PlatformOverrideInput"];
                instagram?: components["schemas"]["PlatformOverrideInput"];
                facebook?: components["schemas"]["PlatformOverrideInput"];
                linkedin?: components["schemas"]["PlatformOverrideInput"];
                threads?: components["schemas"]["PlatformOverrideInput"];
                tiktok?: components["schemas"]["PlatformOverrideInput"];
                youtube?: components["schemas"]["PlatformOverrideInput"];
                bluesky?: components["schemas"]["PlatformOverrideInput"];
                pinterest?: components["schemas"]["PlatformOverrideInput"];
                telegram?: components["schemas"]["PlatformOverrideInput"];
                discord?: components["schemas"]["PlatformOverrideInput"];
                slack?: components["schemas"]["PlatformOverrideInput"];
                mastodon?: components["schemas"]["PlatformOverrideInput"];
                lemmy?: components["schemas"]["PlatformOverrideInput"];
                tumblr?: components["schemas"]["PlatformOverrideInput"];
                devto?: components["schemas"]["PlatformOverrideInput"];
                hashnode?: components["schemas"]["PlatformOverrideInput"];
                wordpress?: components["schemas"]["PlatformOverrideInput"];
                listmonk?: components["schemas"]["PlatformOverrideInput"];
                dribbble?: components["schemas"]["PlatformOverrideInput"];
                twitch?: components["schemas"]["PlatformOverrideInput"];
                kick?: components["schemas"]["PlatformOverrideInput"];
                whatsapp?: components["schemas"]["PlatformOverrideInput"];
                reddit?: components["schemas"]["PlatformOverrideInput"];
                google_business?: components["schemas"]["PlatformOverrideInput"];
            };
            utm?: components["schemas"]["Utm"] & unknown;
            /**
             * @description Follow-up segments (1 to 25), each posted as a reply to the one before; the post's `text` and `media` are the first. `[]` means none
             * @default []
             */
            thread?: components["schemas"]["ThreadSegmentInput"][];
            first_comment?: components["schemas"]["FirstComment"] & unknown;
            poll?: components["schemas"]["Poll"];
            repeat?: components["schemas"]["Repeat"] & unknown;
            /** @description true schedules the post into the next free posting slot of its accounts (held with it, atomically); not with `scheduled_at`. 404 `no_slots` / `no_free_slot` as find-slot. */
            next_slot?: boolean;
            /** @description The same as `next_slot` */
            nextSlot?: boolean;
        };
        PostTargetInput: {
            platform: components["schemas"]["PlatformKey"];
            account_id: string;
            /**
             * @description `destination_id` and the platform's own options
             * @default {}
             */
            metadata?: {
                [key: string]: unknown;
            };
        };
        MediaItemInput: {
            /**
             * @description With `url`: `image` or `video`. With `media_id` it is the library item's (a `document` is a PDF)
             * @enum {string}
             */
            type?: "image" | "video" | "document";
            /**
             * @description A media library item (`med_…`), instead of `url`
             * @example med_3hZ0cQ8vXb1mK2pLr9Ta
             */
            media_id?: string;
            /** Format: uri */
            url?: string;
            /** @description Documents only: the title of a LinkedIn document post (default: the file's name) */
            title?: string;
            /** @description Images only; at most 1,000 characters */
            alt_text?: string;
            /**
             * Format: uri
             * @description Videos only: an image used as the cover
             */
            cover_url?: string;
            /** @description Videos only: the frame time used as the cover */
            cover_time_ms?: number;
        };
        PlatformOverrideInput: {
            /** @description true keeps this platform's own text and media; shared edits no longer change it */
            detached?: boolean;
            /** @description The platform's own text (while detached) */
            text?: string;
            /** @description The platform's own media (while detached) */
            media?: components["schemas"]["MediaItemInput"][];
            signature_id?: string;
            title?: string;
            /** @description Article body, Markdown */
            body?: string;
            /** Format: uri */
            canonical_url?: string;
            /** Format: uri */
            cover_image?: string;
            tags?: string[];
            /** @description A detached platform's own follow-up segments; `[]` means no thread on this platform */
            thread?: components["schemas"]["ThreadSegmentInput"][];
            /** @description This platform's own first comment; `null` means none on it */
            first_comment?: {
                text: string;
            } | null;
        };
        /** @description A follow-up segment: posted as a reply to the segment before it */
        ThreadSegmentInput: {
            /** @default  */
            text?: string;
            /** @default [] */
            media?: components["schemas"]["MediaItemInput"][];
        };
        /** @description Fields given replace the post's; a platform's override is replaced whole */
        PostUpdate: {
            text?: string;
            platforms?: components["schemas"]["PostTargetInput"][];
            /**
             * @description Neither makes a draft
             * @enum {string}
             */
            schedule_type?: "scheduled" | "immediate";
            /**
             * @description ISO 8601. Without an offset it is a wall-clock time in `timezone`.
             * @example 2026-12-01T09:30:00Z
             */
            scheduled_at?: string;
            /** @example Europe/Berlin */
            timezone?: string;
            media?: components["schemas"]["MediaItemInput"][];
            platform_overrides?: {
                twitter?: components["schemas"]["PlatformOverrideInput"];
                instagram?: components["schemas"]["PlatformOverrideInput"];
                facebook?: components["schemas"]["PlatformOverrideInput"];
                linkedin?: components["schemas"]["PlatformOverrideInput"];
                threads?: components["schemas"]["PlatformOverrideInput"];
                tiktok?: components["schemas"]["PlatformOverrideInput"];
                youtube?: components["schemas"]["PlatformOverrideInput"];
                bluesky?: components["schemas"]["PlatformOverrideInput"];
                pinterest?: components["schemas"]["PlatformOverrideInput"];
                telegram?: components["schemas"]["PlatformOverrideInput"];
                discord?: components["schemas"]["PlatformOverrideInput"];
                slack?: components["schemas"]["PlatformOverrideInput"];
                mastodon?: components["schemas"]["PlatformOverrideInput"];
                lemmy?: components["schemas"]["PlatformOverrideInput"];
                tumblr?: components["schemas"]["PlatformOverrideInput"];
                devto?: components["schemas"]["PlatformOverrideInput"];
                hashnode?: components["schemas"]["PlatformOverrideInput"];
                wordpress?: components["schemas"]["PlatformOverrideInput"];
                listmonk?: components["schemas"]["PlatformOverrideInput"];
                dribbble?: components["schemas"]["PlatformOverrideInput"];
                twitch?: components["schemas"]["PlatformOverrideInput"];
                kick?: components["schemas"]["PlatformOverrideInput"];
                whatsapp?: components["schemas"]["PlatformOverrideInput"];
                reddit?: components["schemas"]["PlatformOverrideInput"];
                google_business?: components["schemas"]["PlatformOverrideInput"];
            };
            utm?: components["schemas"]["Utm"] & unknown;
            /** @description Follow-up segments (1 to 25), each posted as a reply to the one before; the post's `text` and `media` are the first. `[]` means none */
            thread?: components["schemas"]["ThreadSegmentInput"][];
            first_comment?: components["schemas"]["FirstComment"] & unknown;
            poll?: components["schemas"]["Poll"] & unknown;
            repeat?: components["schemas"]["Repeat"] & unknown;
        };
        MediaUpload: {
            /** @example upl_3hZ0cQ8vXb1mK2pLr9Ta */
            upload_id: string;
            filename: string;
            content_type: string;
            size: number;
            /** @description Every part is exactly this long but the last */
            part_size: number;
            /** @description How many parts the file is cut into, numbered from 1 */
            parts: number;
            /** @description The parts that arrived */
            received: {
                n: number;
                size: number;
            }[];
            /** @description Not completed by then, it is aborted */
            expires_at: string;
        };
        MediaUploadCreate: {
            filename: string;
            /** @example video/mp4 */
            content_type: string;
            /** @description The whole file's bytes */
            size: number;
            alt_text?: string;
        };
        MediaUploadPart: {
            n: number;
            size: number;
        };
        Media: {
            /** @example med_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            /** @enum {string} */
            type: "image" | "video" | "document";
            /**
             * @description Read from the bytes
             * @example image/png
             */
            content_type: string;
            /** @description Bytes */
            size: number;
            width: number | null;
            height: number | null;
            /** @description Videos */
            duration_ms: number | null;
            /** @description Documents (PDF) */
            pages: number | null;
            filename: string | null;
            alt_text: string | null;
            /** @description The unguessable public address platforms fetch it at */
            url: string;
            created_at: string;
            /** @description Ids of the posts that use it (drafts included) */
            used_by: string[];
        };
        MediaUploadForm: {
            /**
             * Format: binary
             * @description The file, up to 100 MB
             */
            file?: string;
            alt_text?: string;
        };
        MediaUpdate: {
            alt_text: string | null;
        };
        ReviewLinkCreated: components["schemas"]["ReviewLink"] & {
            /**
             * @description The page to send the reviewer; shown this once (only a hash of its token is kept)
             * @example https://herald.example.com/review/3q2-7wSLZb5T1Gk0mJ9vX4yHc8dNaPfRuEiKoWtLsBg
             */
            url: string;
        };
        ReviewDecision: {
            id: string;
            /** @enum {string} */
            kind: "approved" | "changes_requested" | "comment";
            /**
             * @description `reviewer` through a review link; `owner` in the dashboard
             * @enum {string}
             */
            by: "reviewer" | "owner";
            review_link_id: string | null;
            /** @description The link's name for its reviewer (the name typed on the page when the link has none) */
            reviewer_name: string;
            /** @description The name the reviewer typed on the page, kept beside the link's; null when none was typed */
            typed_name: string | null;
            comment: string | null;
            /** @description The version of the post the decision was made on */
            post_version: number;
            created_at: string;
        };
        ReviewLink: {
            /** @example rvl_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            post_id: string;
            reviewer_name: string | null;
            allow_comments: boolean;
            /** @enum {string} */
            state: "active" | "expired" | "revoked";
            expires_at: string;
            revoked_at: string | null;
            created_at: string;
            /** @description Decisions made through this link, oldest first */
            decisions: components["schemas"]["ReviewDecision"][];
        };
        ReviewLinkCreate: {
            /**
             * @description Who the link is for; shown on the page and used when the reviewer types no name
             * @example Anna at Acme
             */
            reviewer_name?: string;
            /**
             * @description 1 to 30 days; 7 by default
             * @default 7
             */
            expires_in_days?: number;
            /**
             * @description false removes the Comment action from the page and refuses comments
             * @default true
             */
            allow_comments?: boolean;
        };
        PlugList: {
            plugs: components["schemas"]["Plug"][];
            targets: {
                account_id: string;
                platform: string;
                metrics: ("likes" | "comments" | "reposts" | "views")[];
                actions: ("repost" | "comment")[];
            }[];
            limits: {
                per_account_on_post: {
                    limit: number;
                    used: {
                        [key: string]: number;
                    };
                };
                watching: {
                    limit: number;
                    used: number;
                };
            };
        };
        Plug: {
            id: string;
            plug_id: string;
            post_id: string;
            account_id: string;
            platform: string;
            trigger: {
                /** @enum {string} */
                metric: "likes" | "comments" | "reposts" | "views";
                threshold: number;
            };
            action: {
                /** @enum {string} */
                kind: "repost" | "comment";
                text?: string;
            };
            /** @enum {string} */
            state: "armed" | "fired" | "expired" | "failed";
            /** @description true while the action runs (the plug cannot be removed then) */
            firing: boolean;
            last_value: number | null;
            last_checked_at: string | null;
            fired_at: string | null;
            /** @description NOT_REACHED, POST_DELETED, POST_UNSCHEDULED, AMBIGUOUS_MAY_HAVE_POSTED, … */
            error: string | null;
            /** @example Daily check limit reached */
            note: string | null;
            /** @description When the post went live on the account; null while it waits */
            watching_since: string | null;
            created_at: string;
        };
        PlugCreate: {
            account_id: string;
            trigger: {
                /** @enum {string} */
                metric: "likes" | "comments" | "reposts" | "views";
                threshold: number;
            };
            action: {
                /** @enum {string} */
                kind: "repost" | "comment";
                /** @description The comment; required for `comment` */
                text?: string;
            };
        };
        AutomationAttach: {
            /** @description A draft flow on one of the post's accounts */
            flow_id: string;
            /** @description true also sets it to turn on with the post */
            armed?: boolean;
        };
        AutomationArm: {
            /** @description true: turn the flow on when the post goes live (now, if it is live); false: not (turns a live one off) */
            armed: boolean;
        };
        AutomationDetached: {
            post_id: string;
            flow_id: string;
            /** @enum {string} */
            flow_status: "draft" | "live" | "off";
            /** @enum {boolean} */
            detached: true;
        };
        FlowSummary: {
            /** @example flow_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            name: string;
            account_id: string;
            platform: components["schemas"]["PlatformKey"];
            /** @enum {string} */
            status: "draft" | "live" | "off";
            /** @description SHA-256 of the steps and connections */
            content_hash: string;
            /** @description Moves on with every change; concurrent edits are refused */
            edit_seq: number;
            /** @description The scheduled post it listens on (set by the owner) */
            post_id: string | null;
            /** @description Set to turn on with its scheduled post */
            armed: boolean;
            /** @description The pinned version it runs while live */
            live_version_id: string | null;
            /** @description The most AI replies it writes a UTC day (past it the plain acknowledgement goes, costing nothing); null: none but the plan's credits */
            ai_replies_per_day: number | null;
            created_at: string;
            updated_at: string;
            step_count: number;
        };
        Flow: {
            /** @example flow_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            name: string;
            account_id: string;
            platform: components["schemas"]["PlatformKey"];
            /** @enum {string} */
            status: "draft" | "live" | "off";
            /** @description SHA-256 of the steps and connections */
            content_hash: string;
            /** @description Moves on with every change; concurrent edits are refused */
            edit_seq: number;
            /** @description The scheduled post it listens on (set by the owner) */
            post_id: string | null;
            /** @description Set to turn on with its scheduled post */
            armed: boolean;
            /** @description The pinned version it runs while live */
            live_version_id: string | null;
            /** @description The most AI replies it writes a UTC day (past it the plain acknowledgement goes, costing nothing); null: none but the plan's credits */
            ai_replies_per_day: number | null;
            created_at: string;
            updated_at: string;
            nodes: components["schemas"]["FlowStepSummary"][];
            edges: components["schemas"]["FlowEdge"][];
            /** @description A draft's (or a turned-off flow's) every problem that stops it being turned on; a live flow's current problem; empty: none */
            problems: components["schemas"]["FlowProblem"][];
            node?: components["schemas"]["FlowStep"];
            /** @description Something the edit changed besides the content */
            notice?: string;
        };
        FlowStepSummary: {
            id: string;
            /** @enum {string} */
            type: "trigger" | "message" | "delay" | "condition" | "collect" | "ai_reply" | "payment" | "action";
            name: string;
            summary: string;
        };
        FlowEdge: {
            id: string;
            from: string;
            to: string;
            /** @description The button id or branch (`true`, `valid`, …) it leaves from; null: the ordinary way on */
            handle: string | null;
        };
        FlowProblem: {
            /** @example trigger_without_keywords */
            code: string;
            message: string;
            /** @description The step at fault, when one is */
            nodeId?: string;
        };
        /** @description With `node_id`: that step in full */
        FlowStep: {
            id: string;
            /** @enum {string} */
            type: "trigger" | "message" | "delay" | "condition" | "collect" | "ai_reply" | "payment" | "action";
            name: string;
            /** @description The step type's data (herald://node-types): by `type`, TriggerStepData, MessageStepData, DelayStepData, ConditionStepData, CollectStepData, AiReplyStepData, PaymentStepData, ActionStepData; request headers show as [redacted] */
            data: {
                [key: string]: unknown;
            };
        };
        FlowCreate: {
            name: string;
            /** @description An account id, or the account's handle (its name) */
            account_id: string;
            /** @description Chooses among accounts that share the handle */
            platform_user_id?: string;
        };
        GeneratedFlow: {
            flow: components["schemas"]["Flow"];
            /**
             * @description Who built it: Workers AI, or the local builder
             * @enum {string}
             */
            builder: "workers_ai" | "local";
            credits: components["schemas"]["AiCredits"] & {
                charged: number;
            };
        };
        AiCredits: {
            /** @description The UTC month (YYYY-MM) of the allowance */
            month: string;
            used: number;
            allowance: number;
        };
        FlowGenerate: {
            /** @description What the flow should do; material only, never instructions to Herald */
            description: string;
            /** @description An account id, or the account's handle (its name) */
            account_id: string;
            /** @description Chooses among accounts that share the handle */
            platform_user_id?: string;
            /** @description Rebuild this flow instead of making a new one: only an empty draft or one exactly as last generated */
            iterate_on_flow_id?: string;
        };
        FlowUpdate: {
            name?: string;
            /** @description The most AI replies the flow writes a UTC day, across its contacts; null removes the budget */
            ai_replies_per_day?: number | null;
        };
        FlowNodeUpdate: {
            name?: string;
            /** @description A message step's reply text (its first block) */
            text?: string;
            /**
             * Format: uri
             * @description A message step's outgoing link; null removes it
             */
            link?: string | null;
            /** @description A trigger's keywords */
            keywords?: string[];
            /** @description Merged into the step's data: top-level keys set, content blocks merged by id, a trigger's config merged by key, keys left out kept */
            data?: {
                [key: string]: unknown;
            };
            remove_block_ids?: string[];
        };
        FlowNodeAdd: {
            /** @enum {string} */
            type: "trigger" | "message" | "delay" | "condition" | "collect" | "ai_reply" | "payment" | "action";
            /** @description Unique in the flow; the type's name, numbered, when left out */
            name?: string;
            /** @description The type's data (herald://node-types lists each type's fields): the schema named for `type` */
            data?: {
                [key: string]: unknown;
            } | components["schemas"]["TriggerStepData"] | components["schemas"]["MessageStepData"] | components["schemas"]["DelayStepData"] | components["schemas"]["ConditionStepData"] | components["schemas"]["CollectStepData"] | components["schemas"]["AiReplyStepData"] | components["schemas"]["PaymentStepData"] | components["schemas"]["ActionStepData"];
        };
        FlowEdgeAdd: {
            /** @description A step's id or name */
            from: string;
            /** @description A step's id or name */
            to: string;
            /** @description A postback button's id, `true`/`false` (condition), `valid`/`invalid` (collect); none otherwise */
            handle?: string | null;
        };
        FlowRevision: {
            id: string;
            /** @example Before AI edit */
            label: string;
            /** @enum {string} */
            reason: "before_edit" | "armed" | "turned_on";
            content_hash: string;
            step_count: number;
            edge_count: number;
            created_at: string;
        };
        FlowRevert: {
            revision_id: string;
        };
        FlowExecution: {
            id: string;
            flow_id: string;
            account_id: string;
            /** @description The person it runs for (their platform-scoped id) */
            contact_id: string;
            /** @description The step it is on, or ended on */
            step_id: string | null;
            /**
             * @description `running`, `waiting_input`, `waiting_delay` while under way; `completed`, `stopped` or `errored` once ended
             * @enum {string}
             */
            status: "running" | "waiting_input" | "waiting_delay" | "completed" | "stopped" | "errored";
            /**
             * @description Why it stopped: `flow_stopped` (the flow was turned off, deleted or another version went live), `owner`, `opted_out` (the person sent stop, or the owner opted them out), `human_takeover`
             * @enum {string|null}
             */
            stop_reason: "flow_stopped" | "owner" | "opted_out" | "human_takeover" | null;
            error_message: string | null;
            started_at: string;
            updated_at: string;
            ended_at: string | null;
        };
        Contact: {
            account_id: string;
            contact_id: string;
            opted_out_at: string | null;
            human_until: string | null;
            /** @description When the 24-hour messaging window closes */
            window_until: string | null;
        };
        ContactControls: {
            /** @description Opt the person out of automations (every run of theirs stops at once), or back in */
            opted_out?: boolean;
            /** @description A person answers them for this long (0 ends it): automations stay quiet */
            human_takeover_minutes?: number;
        };
        Conversation: {
            /** @example conv_3hZ0Qm1b2c3d4e5f6g7h */
            id: string;
            /** @enum {string} */
            kind: "comment" | "message";
            platform: string;
            account_id: string;
            contact: {
                /** @description The person's platform-scoped id */
                id: string;
                name: string | null;
                handle: string | null;
                avatar_url: string | null;
            };
            /** @description Herald's post the comments are on, when Herald published it */
            post_id: string | null;
            /** @description The platform's id of the post commented on */
            platform_post_id: string | null;
            last_message: {
                text: string;
                /**
                 * @description When it was written
                 * @example 2026-12-02T09:30:00.000Z
                 */
                at: string;
                /** @enum {string} */
                direction: "in" | "out";
            };
            unread: boolean;
            /** @enum {string} */
            status: "open" | "done";
            assignee_id: string | null;
            labels: string[];
            /** @description The contact's latest flow execution on the account; null when no flow ran for them */
            flow: {
                flow_id: string;
                execution_id: string;
                /** @description The execution's status (`running`, `waiting_input`, … `completed`) */
                status: string;
            } | null;
            /** @description When direct messages stop being allowed (Meta's 24 hours, WhatsApp's window); null: no window */
            window_closes_at: string | null;
        };
        ConversationDetail: components["schemas"]["Conversation"] & {
            /** @description The post commented on, when Herald published it */
            post: {
                id: string;
                text: string;
                url: string | null;
            } | null;
            /** @description Automations stay quiet for the contact until then (a person took over) */
            human_until: string | null;
            /** @description The contact opted out of messages from automations */
            opted_out: boolean;
            /** @description Oldest first */
            messages: components["schemas"]["InboxMessage"][];
        };
        InboxMessage: {
            /** @example msg_3hZ0Qm1b2c3d4e5f6g7h */
            id: string;
            /** @enum {string} */
            direction: "in" | "out";
            text: string;
            media: {
                type: string;
                url: string;
            }[];
            /**
             * @description When it was written (a reply: when it was asked for)
             * @example 2026-12-02T09:30:00.000Z
             */
            at: string;
            author: {
                /** @description The contact's id, the member who replied, or `flow:<execution id>` */
                id: string;
                name: string | null;
            };
            platform_message_id: string | null;
            /** @description A private reply to the commenter (in their inbox) */
            private: boolean;
            /** @description Hidden from the public on the platform */
            hidden: boolean;
            /** @description Deleted on the platform (Herald's own comments) */
            deleted: boolean;
            /** @enum {string} */
            status: "sent" | "failed" | "pending";
            error: {
                code: string;
                message: string;
                /** @description The platform never answered: the reply may have gone out. It is not tried again */
                ambiguous: boolean;
            } | null;
        };
        InboxReply: {
            /** @default  */
            text?: string;
            /** @description One image or video, on platforms whose messages take one (WhatsApp) */
            media?: {
                /** @enum {string} */
                type: "image" | "video";
                /** Format: uri */
                url: string;
            }[];
            /**
             * @description Answer a commenter privately, once, in their inbox (Instagram and Facebook)
             * @default false
             */
            private?: boolean;
        };
        InboxHide: {
            /** @description One comment of the conversation (`msg_…`); absent: every one of the person's comments */
            message_id?: string;
        };
        ConversationUpdate: {
            /** @enum {string} */
            status?: "open" | "done";
            /** @description A member of the workspace; null unassigns */
            assignee_id?: string | null;
            /** @description Replaces the labels: up to 20, each up to 50 characters */
            labels?: string[];
        };
        CollectedDataSummary: {
            flowId: string;
            flowName: string;
            total: number;
            valid: number;
            /** @description Per field (label and type), most answered first */
            fields: {
                fieldLabel: string;
                /** @enum {string} */
                fieldType: "email" | "phone" | "number" | "url" | "date" | "text";
                total: number;
                valid: number;
            }[];
            /** @description The latest items, newest first */
            recent: {
                id: string;
                fieldLabel: string;
                /** @enum {string} */
                fieldType: "email" | "phone" | "number" | "url" | "date" | "text";
                valid: boolean;
                collectedAt: string;
                /** @description The answer's first characters; left out when it looks like an email or a phone number (and for email and phone fields) */
                preview?: string;
            }[];
        };
        CollectedDataPage: {
            /** @description Newest first (by collection time, then id) */
            items: components["schemas"]["CollectedItem"][];
            /** @description Pass as `cursor` for the next page; null on the last */
            nextCursor: string | null;
            /** @description Items matching the filters now, over every page */
            total: number;
        };
        CollectedItem: {
            /** @example item_5Jq0vR2nKx8tLm3pW7Ya */
            id: string;
            flowId: string;
            /** @description The flow's name when the answer came */
            flowName: string;
            /** @enum {string} */
            fieldType: "email" | "phone" | "number" | "url" | "date" | "text";
            fieldLabel: string;
            value: string;
            /** @description Whether the answer passed the field type's check */
            valid: boolean;
            /** @example 2026-11-22T09:30:00.000Z */
            collectedAt: string;
        };
        CollectedDataDeleted: {
            flowId: string;
            /** @description How many answers were deleted */
            deletedItems: number;
        };
        WhatsAppTemplate: {
            name: string;
            language: string;
            /**
             * @description Only an approved template can be sent
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected" | "paused" | "disabled";
            /** @description Why it was rejected, paused or disabled, when Meta says */
            reason: string | null;
            /** @description How many variables its body has ({{1}}, {{2}}…): a message step sends as many `parameters`; null when WhatsApp's template list has not said (a template known only from a status webhook) */
            body_parameters: number | null;
            updated_at: string;
        };
        RssFeed: {
            id: string;
            url: string;
            platforms: string[];
            account_ids: string[];
            /** @enum {string} */
            mode: "draft" | "ai_draft" | "ai_schedule";
            template: components["schemas"]["RssTemplate"];
            /** @enum {string} */
            image: "none" | "feed" | "ai";
            daily_cap: number;
            /** @description AI posts made from this feed today (UTC) */
            today_count: number;
            ai_images: components["schemas"]["AiImageUsage"];
            paused: boolean;
            /** @enum {string} */
            status: "active" | "paused" | "stopped";
            last_checked_at: string | null;
            last_error: string | null;
            consecutive_failures: number;
            created_at: string;
        };
        RssTemplate: {
            instructions: string;
            tone: string;
        } | null;
        /** @description The user's monthly AI image allowance for `image: "ai"` (the same on every feed). When it is used up, posts go without an image. */
        AiImageUsage: {
            /**
             * @description The UTC calendar month counted, YYYY-MM
             * @example 2026-11
             */
            month: string;
            /** @description AI images made this month, across all of the user's feeds */
            used: number;
            /** @description AI images the plan includes per month */
            allowance: number;
        };
        RssFeedCreate: {
            /**
             * @description A public http(s) feed URL
             * @example https://example.com/feed.xml
             */
            url: string;
            /** @description Every account of these platforms */
            platforms?: components["schemas"]["PlatformKey"][];
            account_ids?: string[];
            /**
             * @description Default `draft`
             * @default draft
             * @enum {string}
             */
            mode?: "draft" | "ai_draft" | "ai_schedule";
            template?: components["schemas"]["RssTemplate"] & unknown;
            /**
             * @description Default `none`. `feed`: the item's own image when it is public https. `ai`: one generated image per item, within the plan's monthly AI image allowance (see `ai_images`); none once it is used up
             * @default none
             * @enum {string}
             */
            image?: "none" | "feed" | "ai";
            /**
             * @description AI posts a day from this feed; default 3
             * @default 3
             */
            daily_cap?: number;
        };
        /** @description `paused: false` also resumes a stopped feed and resets its failure count */
        RssFeedUpdate: {
            /** @description Every account of these platforms */
            platforms?: components["schemas"]["PlatformKey"][];
            account_ids?: string[];
            /**
             * @description Default `draft`
             * @enum {string}
             */
            mode?: "draft" | "ai_draft" | "ai_schedule";
            template?: components["schemas"]["RssTemplate"] & unknown;
            /**
             * @description Default `none`. `feed`: the item's own image when it is public https. `ai`: one generated image per item, within the plan's monthly AI image allowance (see `ai_images`); none once it is used up
             * @enum {string}
             */
            image?: "none" | "feed" | "ai";
            /** @description AI posts a day from this feed; default 3 */
            daily_cap?: number;
            paused?: boolean;
        };
        RssPause: {
            paused: boolean;
        };
        PostingSlot: {
            /** @example slot_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            account_ids: string[];
            weekday: number;
            /** @example 09:30 */
            time: string;
            minutes: number;
            timezone: string;
            created_at: string;
            updated_at: string;
        };
        /** @description Send `time` or `minutes` */
        PostingSlotCreate: {
            /** @description The accounts the slot posts for */
            account_ids: string[];
            /** @description 0 Sunday … 6 Saturday */
            weekday: number;
            /**
             * @description Wall-clock time HH:mm in `timezone` (or send `minutes`)
             * @example 09:30
             */
            time?: string;
            /** @description Minutes after midnight, instead of `time` */
            minutes?: number;
            /** @example Europe/Berlin */
            timezone: string;
        };
        SlotsFromBestTimes: {
            /**
             * @description `account`: from the account's own posts; `workspace`: too few of its own, so from the workspace's accounts on the same platform; `insufficient`: too few either way, and no cells
             * @enum {string}
             */
            basis: "account" | "workspace" | "insufficient";
            /**
             * @description The owner's zone the weekdays and hours are in
             * @example Europe/Berlin
             */
            zone: string;
            /** @description The cells the slots were made at */
            cells: components["schemas"]["BestTimeCell"][];
            /** @description The slots created (fewer than `count` when fewer cells rank) */
            slots: components["schemas"]["PostingSlot"][];
        };
        BestTimeCell: {
            /** @description 0 Sunday … 6 Saturday, in `zone` */
            weekday: number;
            /** @description 0 … 23, in `zone` */
            hour: number;
            /** @description Posts published in this hour of the week in the sample */
            posts: number;
            /** @description Median of the posts' likes + comments + reposts, in `unit` */
            median_engagement: number;
            /** @description The cell's median against the sample's median: 1 is a typical post */
            score: number;
        };
        SlotsFromBestTimesRequest: {
            account_ids: string[];
            /** @description How many slots to create (at most) */
            count: number;
            /**
             * @description History to read, as for best times (default 90)
             * @default 90
             * @example 90
             */
            days?: number;
        };
        PostingSlotOccurrence: {
            slot_id: string;
            account_ids: string[];
            /**
             * @description UTC instant
             * @example 2026-12-01T08:30:00.000Z
             */
            at: string;
            /**
             * @description Wall-clock date in `timezone`
             * @example 2026-12-01
             */
            date: string;
            /**
             * @description Wall-clock time in `timezone`
             * @example 09:30
             */
            time: string;
            /** @description Weekday in `timezone`, 0 Sunday */
            weekday: number;
            /** @description The zone asked for */
            timezone: string;
            slot_timezone: string;
            /** @description A scheduled, waiting or publishing post is within 5 minutes */
            taken: boolean;
            /** @description That post's id */
            taken_by: string | null;
            /** @description Held by find-slot until then */
            reserved_until: string | null;
        };
        /** @description Fields given replace the slot's */
        PostingSlotUpdate: {
            /** @description The accounts the slot posts for */
            account_ids?: string[];
            /** @description 0 Sunday … 6 Saturday */
            weekday?: number;
            /**
             * @description Wall-clock time HH:mm in `timezone` (or send `minutes`)
             * @example 09:30
             */
            time?: string;
            /** @description Minutes after midnight, instead of `time` */
            minutes?: number;
            /** @example Europe/Berlin */
            timezone?: string;
        };
        FoundSlot: {
            /** @example 2026-12-01T08:30:00.000Z */
            at: string;
            slotId: string;
            /** @description The same as `slotId` */
            slot_id: string;
            /** @description The slot's zone */
            timezone: string;
            /** @description Whether the slot is held for you: false for a credential without `posts:write`, which holds nothing */
            held: boolean;
            /** @description The slot is held for you until then; null when it is not held */
            reserved_until: string | null;
        };
        Signature: {
            id: string;
            name: string;
            text: string;
            created_at: string;
        };
        SignatureCreate: {
            name: string;
            text: string;
        };
        SignatureUpdate: {
            name?: string;
            text?: string;
        };
        UtmDefault: {
            utm: components["schemas"]["Utm"] & unknown;
        };
        UtmDefaultRequest: {
            utm: components["schemas"]["Utm"] & unknown;
        };
        Webhook: {
            /** @example wh_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            target_url: string;
            events: string[];
            /** @enum {string} */
            integration_type: "webhook" | "custom" | "n8n" | "make" | "zapier";
            account_ids: string[];
            /**
             * @description `service` (the default): `X-Service-Signature: t=<unix>,v1=<hex>`. `standard`: the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, which the `standardwebhooks` and `svix` libraries verify. Changing it keeps the signing secret.
             * @enum {string}
             */
            signature_format: "service" | "standard";
            active: boolean;
            /** @description Events in a row whose every try failed; at 3 it is switched off */
            consecutive_failures: number;
            /** @description When delivery failures switched it off */
            switched_off_at: string | null;
            last_delivery_at: string | null;
            /** @description HTTP status; null when the endpoint did not answer */
            last_status: number | null;
            last_error: string | null;
            created_at: string;
            updated_at: string;
        };
        WebhookEventType: {
            /** @enum {string} */
            event: "post.published" | "post.failed" | "flow.triggered" | "flow.error" | "flow.completed" | "message.received" | "comment.received" | "account.disconnected" | "whatsapp.template_status" | "post.review_decision" | "post.plug_fired" | "conversation.assigned" | "inbox.reply_sent" | "inbox.reply_failed" | "test";
            /** @description When it is sent */
            summary: string;
            /** @description Whether the caller's plan may subscribe to it */
            allowed: boolean;
            /** @description What the plan lacks for it, when not allowed */
            needs: string | null;
        };
        WebhookWithSecret: components["schemas"]["Webhook"] & {
            /**
             * @description Shown only in this answer. `whsec_` and 40 characters that are also base64, so it serves either signature format as it is.
             * @example whsec_…
             */
            signing_secret: string;
        };
        WebhookCreate: {
            /**
             * @description A public https URL
             * @example https://example.com/hooks/herald
             */
            target_url: string;
            events: ("post.published" | "post.failed" | "flow.triggered" | "flow.error" | "flow.completed" | "message.received" | "comment.received" | "account.disconnected" | "whatsapp.template_status" | "post.review_decision" | "post.plug_fired" | "conversation.assigned" | "inbox.reply_sent" | "inbox.reply_failed" | "test")[];
            /**
             * @description Default `webhook`
             * @enum {string}
             */
            integration_type?: "webhook" | "custom" | "n8n" | "make" | "zapier";
            /** @description Only events about these accounts are sent; empty means every account */
            account_ids?: string[];
            /**
             * @description `service` (the default): `X-Service-Signature: t=<unix>,v1=<hex>`. `standard`: the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, which the `standardwebhooks` and `svix` libraries verify. Changing it keeps the signing secret.
             * @enum {string}
             */
            signature_format?: "service" | "standard";
        };
        WebhookUpdate: {
            /**
             * @description A public https URL
             * @example https://example.com/hooks/herald
             */
            target_url?: string;
            events?: ("post.published" | "post.failed" | "flow.triggered" | "flow.error" | "flow.completed" | "message.received" | "comment.received" | "account.disconnected" | "whatsapp.template_status" | "post.review_decision" | "post.plug_fired" | "conversation.assigned" | "inbox.reply_sent" | "inbox.reply_failed" | "test")[];
            /** @description Only events about these accounts are sent; empty means every account */
            account_ids?: string[];
            /**
             * @description `service` (the default): `X-Service-Signature: t=<unix>,v1=<hex>`. `standard`: the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, which the `standardwebhooks` and `svix` libraries verify. Changing it keeps the signing secret.
             * @enum {string}
             */
            signature_format?: "service" | "standard";
            /** @description `true` switches it on with the failure count at zero */
            active?: boolean;
        };
        DeliveryAttempt: {
            event_id: string;
            event: string;
            attempt: number;
            /** @enum {string} */
            trigger: "delivery" | "redeliver" | "test";
            /** @description A 2xx within the time limit */
            ok: boolean;
            /** @description HTTP status; null when the endpoint did not answer */
            status: number | null;
            duration_ms: number;
            error: string | null;
            at: string;
        };
        /** @description The body a webhook receives for this event */
        Event: {
            /** @example evt_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            event: string;
            timestamp: string;
            data: {
                [key: string]: unknown;
            };
        };
        Notification: {
            id: string;
            /** @enum {string} */
            kind: "webhook_switched_off" | "rss_feed_stopped" | "rss_no_free_slot" | "rss_ai_images_used_up" | "client_connected" | "client_invite_used_up" | "review_decision" | "flow_automation_disarmed" | "flow_notify" | "repeat_stopped" | "report_mail_failed";
            message: string;
            data: {
                [key: string]: unknown;
            };
            created_at: string;
            /** @description When it was marked read in the dashboard; null while unread */
            read_at: string | null;
        };
        AnalyticsOverview: {
            /** @example 2026-11-01T00:00:00.000Z */
            from: string;
            /** @example 2026-12-01T00:00:00.000Z */
            to: string;
            accounts: {
                account_id: string;
                platform: string;
                name: string;
                status: string;
                /** @description Targets published in the window */
                posts_published: number;
                /** @description Targets that failed in the window */
                posts_failed: number;
                metrics: components["schemas"]["MetricTotals"];
                /** @description How many of the published posts have a metrics reading (the rest count as zero) */
                metrics_read: number;
                /** @description Plugs whose action ran in the window */
                plug_firings: number;
                /** @description Posts made from RSS feed items in the window */
                feed_items_posted: number;
                /** @description Deliveries of events about the account that ended in the window (after every try) */
                webhook_deliveries: {
                    ok: number;
                    failed: number;
                };
            }[];
            platforms: {
                platform: string;
                accounts: number;
                /** @description Targets published in the window */
                posts_published: number;
                /** @description Targets that failed in the window */
                posts_failed: number;
                metrics: components["schemas"]["MetricTotals"];
                /** @description How many of the published posts have a metrics reading (the rest count as zero) */
                metrics_read: number;
                /** @description Plugs whose action ran in the window */
                plug_firings: number;
                /** @description Posts made from RSS feed items in the window */
                feed_items_posted: number;
                /** @description Deliveries of events about the account that ended in the window (after every try) */
                webhook_deliveries: {
                    ok: number;
                    failed: number;
                };
            }[];
            /** @description Every delivery that ended in the window, with those of events naming no account (with `account_ids`: only events about those accounts) */
            webhook_deliveries: {
                ok: number;
                failed: number;
            };
        };
        /** @description Sum of the latest metrics reading of each post published in the window */
        MetricTotals: {
            likes: number;
            comments: number;
            reposts: number;
            views: number;
        };
        PostAnalytics: {
            post_id: string;
            status: string;
            targets: {
                account_id: string;
                platform: string;
                status: string;
                platform_post_id: string | null;
                published_at: string | null;
                latest: components["schemas"]["MetricSample"];
                /** @description Every reading, oldest first */
                history: components["schemas"]["MetricSample"][];
            }[];
        };
        MetricSample: components["schemas"]["MetricTotals"] & ({
            read_at: string;
            /**
             * @description What read them: a plug check or the daily read
             * @enum {string}
             */
            source: "plug_check" | "daily";
        } | null);
        LinkClicksAnswer: {
            from: string;
            to: string;
            /** @description Visits by people */
            clicks: number;
            /** @description Visits by known crawlers and link-preview fetchers (not clicks) */
            bots: number;
            /** @description Most clicked first */
            links: components["schemas"]["LinkClicks"][];
        };
        LinkClicks: {
            code: string;
            /** @example https://herald.example/l/3hZ0cQ8v */
            short_url: string;
            /** @description Where the link leads (with the UTM parameters it was published with) */
            url: string;
            post_id: string;
            account_id: string;
            platform: string;
            /** @description Visits by people */
            clicks: number;
            /** @description Visits by known crawlers and link-preview fetchers (not clicks) */
            bots: number;
            /** @description Every UTC day of the window, oldest first */
            days: {
                date: string;
                /** @description Visits by people */
                clicks: number;
                /** @description Visits by known crawlers and link-preview fetchers (not clicks) */
                bots: number;
            }[];
        };
        BestTimes: {
            account_id: string;
            /**
             * @description `account`: from the account's own posts; `workspace`: too few of its own, so from the workspace's accounts on the same platform; `insufficient`: too few either way, and no cells
             * @enum {string}
             */
            basis: "account" | "workspace" | "insufficient";
            /**
             * @description The owner's zone the weekdays and hours are in
             * @example Europe/Berlin
             */
            zone: string;
            days: number;
            /** @description Published posts with a metrics reading the answer rests on */
            posts: number;
            /** @description Posts needed before any answer is given */
            minimum_posts: number;
            /**
             * @description `per_1000_followers` when every post's follower count at the time is known (daily snapshots), else raw engagement
             * @enum {string}
             */
            unit: "per_1000_followers" | "engagement";
            /** @description Best first; only cells with at least 2 posts; at most 10 */
            cells: components["schemas"]["BestTimeCell"][];
            /** @description The answer in words ("Not enough posts yet: …") */
            message: string;
        };
        AnalyticsReport: {
            workspace: string;
            group: {
                id: string;
                name: string;
            } | null;
            from: string;
            to: string;
            /** @description The window just before, as long */
            previous: {
                from: string;
                to: string;
            };
            accounts: {
                account_id: string;
                platform: string;
                name: string;
            }[];
            totals: {
                posts_published: number;
                likes: number;
                comments: number;
                reposts: number;
                views: number;
                /** @description likes + comments + reposts */
                engagement: number;
                /** @description People's clicks on the posts' short links (bots apart) */
                link_clicks: number;
            };
            previous_totals: {
                posts_published: number;
                likes: number;
                comments: number;
                reposts: number;
                views: number;
                /** @description likes + comments + reposts */
                engagement: number;
                /** @description People's clicks on the posts' short links (bots apart) */
                link_clicks: number;
            };
            /** @description Per total: the difference and its percentage */
            change: {
                [key: string]: {
                    value: number;
                    percent: number | null;
                };
            };
            followers: {
                account_id: string;
                platform: string;
                name: string;
                start: number | null;
                end: number | null;
                change: number;
                change_percent: number | null;
                points: components["schemas"]["FollowerPoint"][];
            }[];
            /** @description Every post published in the period, most engagement first */
            posts: {
                post_id: string;
                text: string;
                platforms: string[];
                published_at: string;
                likes: number;
                comments: number;
                reposts: number;
                views: number;
                engagement: number;
            }[];
            links: {
                code: string;
                short_url: string;
                url: string;
                post_id: string;
                account_id: string;
                platform: string;
                clicks: number;
                bots: number;
            }[];
            best_times: {
                account_id: string;
                platform: string;
                name: string;
                /** @enum {string} */
                basis: "account" | "workspace" | "insufficient";
                zone: string;
                days: number;
                posts: number;
                minimum_posts: number;
                unit: string;
                cells: components["schemas"]["BestTimeCell"][];
                message: string;
            }[];
        };
        FollowerPoint: {
            /**
             * @description The UTC day of the snapshot
             * @example 2026-11-02
             */
            date: string;
            followers: number;
        };
        FollowerGrowth: {
            account_id: string;
            platform: string;
            /** @description Whether the platform reports followers at all (else `points` stays empty) */
            reports_followers: boolean;
            /** @description One per UTC day Herald read the count, oldest first */
            points: components["schemas"]["FollowerPoint"][];
            /** @description Last point minus first (0 with fewer than two) */
            change: number;
            /** @description `change` as a percentage of the first point, one decimal; null without a base */
            change_percent: number | null;
        };
        ReportSchedule: {
            /** @example rsc_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            group_id: string;
            /** @enum {string} */
            every: "week" | "month";
            /** @enum {string} */
            format: "csv" | "pdf";
            to: string[];
            /** @description When the next report goes out: on the first day of the next period in the zone, once that day began there and the UTC days the report covers ended */
            next_report_at: string;
            /**
             * @description The owner's zone the periods are counted in
             * @example Europe/Berlin
             */
            timezone: string;
            created_at: string;
        };
        ReportScheduleCreate: {
            /** @description The client group whose report is mailed */
            group_id: string;
            /**
             * @description `week`: each Monday, the week before; `month`: each 1st, the month before (in the owner's zone)
             * @enum {string}
             */
            every: "week" | "month";
            /**
             * @description The attached file: the report's CSV or PDF
             * @enum {string}
             */
            format: "csv" | "pdf";
            /**
             * @description Who gets the report, each in a mail of their own
             * @example [
             *       "client@example.com"
             *     ]
             */
            to: string[];
        };
        CreatedReportLink: components["schemas"]["ReportLink"] & {
            /** @description The page's address; shown this once (only its hash is kept) */
            url: string;
        };
        ReportLink: {
            /** @example rpl_3hZ0cQ8vXb1mK2pLr9Ta */
            id: string;
            group_id: string;
            days: number;
            /** @enum {string} */
            state: "active" | "expired" | "revoked";
            expires_at: string;
            revoked_at: string | null;
            created_at: string;
        };
        ReportLinkCreate: {
            /** @description The client group whose report the link shows */
            group_id: string;
            /**
             * @description The page shows the report of the last 7, 30 or 90 days when it is opened; 30 by default
             * @default 30
             */
            days?: 7 | 30 | 90;
            /**
             * @description 1 to 90 days; 30 by default
             * @default 30
             */
            expires_in_days?: number;
        };
        /** @description The first account the consent brought, and the others */
        ConnectCallback: components["schemas"]["ConnectedAccount"] & {
            /** @description The other accounts the same consent connected or refreshed: every other Facebook Page granted, every LinkedIn organization the member administers. Empty when the consent speaks for one account. */
            also_connected: components["schemas"]["ConnectedAccount"][];
        };
        SandboxUser: {
            user_id: string;
            email: string;
            name: string | null;
            /** @enum {string} */
            plan: "free" | "creator" | "studio" | "pro" | "agency";
            admin: boolean;
            password: string;
            api_key: string;
            /** @description false when the email existed: it got a new password and key */
            created: boolean;
        };
        SandboxUserRequest: {
            /** @enum {string} */
            plan: "free" | "creator" | "studio" | "pro" | "agency";
            /** Format: email */
            email?: string;
            /** @description The display name clients see on invite pages (else the email's local part) */
            name?: string;
            /** @description An admin user gets features rolled out to admins first (`export_collected_data`); default false */
            admin?: boolean;
        };
        SandboxAccountRequest: {
            platform: components["schemas"]["PlatformKey"];
            name?: string;
            platform_user_id?: string;
            subscription_tier?: string | null;
            text_limit?: number;
            /** @enum {string} */
            status?: "active" | "reauth_required" | "disconnected";
            destinations?: components["schemas"]["Destination"][];
            group_id?: string | null;
            /** @description What the platform itself reports now, when it should differ from subscription_tier (X tier changes) */
            platform_subscription_tier?: string | null;
            /** @description The follower count the platform's profile read reports (platforms that report followers) */
            platform_followers?: number | null;
        };
        SandboxAccountPatch: {
            name?: string;
            platform_user_id?: string;
            subscription_tier?: string | null;
            text_limit?: number;
            /** @enum {string} */
            status?: "active" | "reauth_required" | "disconnected";
            destinations?: components["schemas"]["Destination"][];
            group_id?: string | null;
            /** @description What the platform itself reports now, when it should differ from subscription_tier (X tier changes) */
            platform_subscription_tier?: string | null;
            /** @description The follower count the platform's profile read reports (platforms that report followers) */
            platform_followers?: number | null;
        };
        /** @description One call the sandbox platform received, with what was sent (text, media, options, …) */
        SandboxCall: {
            /** @enum {string} */
            kind: "publish" | "comment" | "repost" | "private_reply" | "message" | "reply" | "hide" | "unhide" | "delete_comment";
            platform: string;
            account_id: string;
            platform_post_id: string;
            parent_platform_post_id: string | null;
            at: string;
        } & {
            [key: string]: unknown;
        };
        /** @description One mail Herald sent in sandbox mode, with its attachments */
        SandboxEmail: {
            to: string;
            subject: string;
            text: string;
            attachments: {
                filename: string;
                content_type: string;
                size: number;
                /** @description The file itself */
                content_base64: string;
            }[];
            at: string;
        };
        SandboxMetrics: {
            post_id: string;
            account_id: string;
            platform_post_id: string;
            likes: number;
            comments: number;
            reposts: number;
            views: number;
        };
        SandboxMetricsRequest: {
            post_id: string;
            account_id: string;
            likes?: number;
            comments?: number;
            reposts?: number;
            views?: number;
        };
        SandboxFault: {
            /** @description A platform, or `mail`: Herald's mail provider, whose faulted sends fail as `mail_failed` */
            platform: components["schemas"]["PlatformKey"] | "mail";
            /** @enum {string} */
            mode: "error" | "timeout" | "reject" | "revoked" | "rate_limited";
            count: number;
            /**
             * @description Let this many calls of the platform through first (a thread's segments and first comment are a call each)
             * @default 0
             */
            after?: number;
        };
        SandboxEventRequest: {
            /** @enum {string} */
            event: "post.published" | "post.failed" | "flow.triggered" | "flow.error" | "flow.completed" | "message.received" | "comment.received" | "account.disconnected" | "whatsapp.template_status" | "post.review_decision" | "post.plug_fired" | "conversation.assigned" | "inbox.reply_sent" | "inbox.reply_failed";
            /** @default {} */
            data?: {
                [key: string]: unknown;
            };
            /** @description The account the event is about */
            account_id?: string;
            /**
             * @description Write this many copies at once
             * @default 1
             */
            count?: number;
        };
        SandboxTemplateStatusRequest: {
            account_id: string;
            name: string;
            language: string;
            /** @enum {string} */
            event: "approved" | "rejected" | "paused" | "disabled";
            reason?: string;
            /** @description How many variables the template's body has, as the template read will answer it (Meta's status webhook does not carry it); unchanged when left out, 0 for a new template */
            body_parameters?: number;
        };
        SandboxClock: {
            now: string;
        };
        SandboxClockRequest: {
            advance_ms: number;
        } | {
            /**
             * Format: date-time
             * @example 2026-11-22T09:30:00.000Z
             */
            set: string;
        };
        SandboxTickRequest: {
            jobs?: string[];
        };
        SandboxInbound: {
            account_id: string;
            platform: string;
            /** @enum {string} */
            kind: "comment" | "message" | "story_reply" | "story_mention";
            id: string;
            sender_id: string;
            text: string;
            media_id: string | null;
            received_at: string;
        };
        SandboxInboundRequest: {
            account_id: string;
            /** @enum {string} */
            kind: "comment" | "message" | "story_reply" | "story_mention";
            /** @description The platform's comment or message id: the same id twice runs once */
            id: string;
            /** @description The person's platform-scoped id */
            sender_id: string;
            /** @description The person's name, as the inbox shows it */
            sender_name?: string;
            /** @description The person's handle on the platform */
            sender_handle?: string;
            /** @default  */
            text?: string;
            /** @description The post a comment is on (its platform id), for triggers limited to posts */
            media_id?: string;
        };
        SandboxContactRequest: {
            account_id: string;
            /** @description The person's platform-scoped id (`sender_id`) */
            contact_id: string;
            /** @description Opt the person out of automations (every run of theirs stops at once), or back in */
            opted_out?: boolean;
            /** @description A person answers them for this long (0 ends it): automations stay quiet */
            human_takeover_minutes?: number;
        };
        SandboxBacklog: {
            /** @description Targets whose post is due (scheduled or queued, not waiting for approval) and not sent */
            targets_due: number;
            /** @description Targets claimed for a platform call whose outcome is not yet written */
            targets_publishing: number;
            /** @description Webhook deliveries pending or being sent */
            deliveries_unfinished: number;
            /** @description Outbox events the webhook fan-out has not read yet */
            events_not_fanned_out: number;
            /** @description Inbound comments and messages not yet handled */
            inbound_unhandled: number;
            /** @description Flow executions midway through a run */
            executions_running: number;
            /** @description Plugs whose action was started and whose outcome is not yet written */
            plugs_firing: number;
            /** @description Every count is zero */
            settled: boolean;
            /** @description The service time counted at */
            now: string;
        };
        Config: {
            rate_limit_per_hour: number;
            auth_attempts_per_ip_per_minute: number;
            /** Format: uri */
            public_base_url: string;
            publish_retry_delays_s: number[];
            x_plug_checks_per_minute: number;
            x_plug_checks_per_day: number;
            linkedin_company_pages_approved: boolean;
            webhook_retry_delays_s: number[];
            webhook_timeout_ms: number;
            slots_per_user: number;
            slot_taken_window_s: number;
            slot_search_days: number;
            slot_hold_s: number;
            slot_holds_per_user: number;
            retention_budget_s: number;
            review_link_decisions_per_hour: number;
            rss_check_interval_s: number;
            rss_fetch_timeout_ms: number;
            rss_max_bytes: number;
            rss_ai_model: string;
            rss_ai_image_model: string;
            flow_ai_model: string;
            flow_max_steps_per_execution: number;
            flow_max_messages_per_execution: number;
            flow_ai_replies_per_contact_per_day: number;
            rollouts: {
                [key: string]: number;
            };
            collected_csv_max_rows: number;
            /** @enum {string} */
            export_collected_data_rollout: "admins" | "all";
            media_part_size_bytes: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Pong */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        pong: true;
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The machinery's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Health"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys, newest first, revoked ones included */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKey"];
            };
        };
        responses: {
            /** @description The new key, shown once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CreatedApiKey"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `limit_reached`: The user holds as many active API keys as allowed; revoke one first. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "limit_reached";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Members, the owner first, then by when they were invited */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Member"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    inviteMember: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteMember"];
            };
        };
        responses: {
            /** @description The invitation, with its link shown once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["InvitedMember"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `seat_limit`: The workspace's plan has no free seat (`error.limit`: members and open invitations, the owner included).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "seat_limit";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `member_exists`: That email is already a member of the workspace or invited to it (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "member_exists";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    removeMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `last_owner`: The workspace's one owner cannot leave or step down: transfer ownership first.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "last_owner";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMember"];
            };
        };
        responses: {
            /** @description The member */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Member"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `last_owner`: The workspace's one owner cannot leave or step down: transfer ownership first.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "last_owner";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    transferOwnership: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new owner */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Member"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    leaveWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Left: the member that was */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `last_owner`: The workspace's one owner cannot leave or step down: transfer ownership first.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "last_owner";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    acceptInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInvitation"];
            };
        };
        responses: {
            /** @description The workspace joined */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            workspace_id: string;
                            workspace_name: string;
                            member_id: string;
                            role: string;
                        };
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `invitation_email_mismatch`: The invitation is for another email than the signed-in person's; nothing changed.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "invitation_email_mismatch";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `invitation_expired`: The invitation link expired, was used or was revoked; ask for a new one. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "invitation_expired";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Workspace"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWorkspace"];
            };
        };
        responses: {
            /** @description The workspace */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Workspace"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listConnectedAccounts: {
        parameters: {
            query?: {
                platform?: components["schemas"]["PlatformKey"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's connected accounts, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectedAccount"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getConnectedAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectedAccount"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    disconnectAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account, now disconnected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectedAccount"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateConnectedAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectedAccountUpdate"];
            };
        };
        responses: {
            /** @description The account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectedAccount"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    startConnection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                platform: components["schemas"]["PlatformKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to send the user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectStart"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `wrong_connect_method`: The platform connects the other way (consent page with GET, or credentials with POST).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "wrong_connect_method";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /**
             * @description - `platform_not_configured`: Herald has no adapter for the platform, or the deployment lacks its app credentials (`error.missing`).
             *     - `encryption_not_configured`: The deployment has no ENCRYPTION_KEY to store secrets with.
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_not_configured" | "encryption_not_configured";
                        };
                    };
                };
            };
        };
    };
    connectWithCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                platform: components["schemas"]["PlatformKey"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectCredentials"];
            };
        };
        responses: {
            /** @description The account, refreshed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectedAccount"];
                    };
                };
            };
            /** @description The account, connected */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectedAccount"];
                    };
                };
            };
            /** @description OAuth started on the user's server: send the user to `authorization_url` */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectStart"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `wrong_connect_method`: The platform connects the other way (consent page with GET, or credentials with POST).
             *     - `connect_refused`: The platform refused the code or the credentials.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "wrong_connect_method" | "connect_refused";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `account_taken`: The platform identity is connected to another Herald user. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "account_taken";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `platform_unreachable`: The platform could not be reached or failed; retry. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_unreachable";
                        };
                    };
                };
            };
            /**
             * @description - `platform_not_configured`: Herald has no adapter for the platform, or the deployment lacks its app credentials (`error.missing`).
             *     - `encryption_not_configured`: The deployment has no ENCRYPTION_KEY to store secrets with.
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_not_configured" | "encryption_not_configured";
                        };
                    };
                };
            };
        };
    };
    listAccountGroups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Groups, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AccountGroup"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createAccountGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountGroupCreate"];
            };
        };
        responses: {
            /** @description The group */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AccountGroup"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `group_name_taken`: The user already has an account group with this name (`error.name`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "group_name_taken";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getAccountGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AccountGroup"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteAccountGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateAccountGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountGroupUpdate"];
            };
        };
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AccountGroup"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `group_name_taken`: The user already has an account group with this name (`error.name`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "group_name_taken";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listClientInvites: {
        parameters: {
            query?: {
                group_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Invites, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ClientInvite"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createClientInvite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientInviteCreate"];
            };
        };
        responses: {
            /** @description The invite, with its link */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CreatedClientInvite"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    revokeClientInvite: {
        parameters: {
            query: {
                invite_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The invite, now revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ClientInvite"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `invite_not_active`: The invite is not pending any more (`error.state`); nothing changed. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "invite_not_active";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listDestinations: {
        parameters: {
            query?: {
                /** @description `1` asks the platform now instead of answering from the 5-minute cache */
                fresh?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path: {
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The destinations and how they are chosen */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Destinations"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `reauth_required`: The account must be connected again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "reauth_required";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /**
             * @description - `platform_unreachable`: The platform could not be reached or failed; retry.
             *     - `platform_read_refused`: The platform refused the read.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_unreachable" | "platform_read_refused";
                        };
                    };
                };
            };
            /** @description - `platform_not_configured`: Herald has no adapter for the platform, or the deployment lacks its app credentials (`error.missing`). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_not_configured";
                        };
                    };
                };
            };
        };
    };
    checkDestination: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DestinationCheck"];
            };
        };
        responses: {
            /** @description The destination, as the platform names it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Destinations"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /**
             * @description - `reauth_required`: The account must be connected again.
             *     - `busy`: Another request is changing the same thing; retry (`error.retryable`).
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "reauth_required" | "busy";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /**
             * @description - `platform_unreachable`: The platform could not be reached or failed; retry.
             *     - `platform_read_refused`: The platform refused the read.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_unreachable" | "platform_read_refused";
                        };
                    };
                };
            };
            /** @description - `platform_not_configured`: Herald has no adapter for the platform, or the deployment lacks its app credentials (`error.missing`). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_not_configured";
                        };
                    };
                };
            };
        };
    };
    listPosts: {
        parameters: {
            query?: {
                status?: "draft" | "scheduled" | "waiting_for_approval" | "publishing" | "published" | "failed";
                /** @description Only posts created at or after this time */
                since?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of posts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Post"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createPost: {
        parameters: {
            query?: {
                /** @description true validates and answers what would happen */
                dry_run?: "0" | "1" | "true" | "false";
            };
            header?: {
                /** @description Retry safely: the same key and body within 24 hours answer with the first answer, creating nothing */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostCreate"];
            };
        };
        responses: {
            /** @description Dry run: what would happen, per target */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostDryRun"];
                    };
                };
            };
            /** @description The created post */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Post"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `PLATFORM_UNAVAILABLE`: A post target's platform is not available on the account: another platform, disconnected, or not in the plan (`error.targets`).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "PLATFORM_UNAVAILABLE";
                        };
                    };
                };
            };
            /**
             * @description - `not_found`: No such resource for this user (another user's id reads the same).
             *     - `no_slots`: None of the accounts has a posting slot.
             *     - `no_free_slot`: Every posting slot of the accounts is taken for the days searched.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found" | "no_slots" | "no_free_slot";
                        };
                    };
                };
            };
            /**
             * @description - `idempotency_conflict`: The Idempotency-Key was used with a different request.
             *     - `idempotency_in_progress`: A request with this Idempotency-Key is still being answered.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "idempotency_conflict" | "idempotency_in_progress";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createPostsBulk: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 hours answer with the first answer, creating nothing */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": unknown[];
            };
        };
        responses: {
            /** @description The created posts, in order */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Post"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /**
             * @description - `idempotency_conflict`: The Idempotency-Key was used with a different request.
             *     - `idempotency_in_progress`: A request with this Idempotency-Key is still being answered.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "idempotency_conflict" | "idempotency_in_progress";
                        };
                    };
                };
            };
            /** @description - `payload_too_large`: More rows, or more bytes, than one request takes (a media file over the plan's file size); nothing stored. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "payload_too_large";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getPost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Post"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deletePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updatePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostUpdate"];
            };
        };
        responses: {
            /** @description The post */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Post"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `PLATFORM_UNAVAILABLE`: A post target's platform is not available on the account: another platform, disconnected, or not in the plan (`error.targets`).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "PLATFORM_UNAVAILABLE";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    unschedulePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post, now a draft */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Post"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    startMediaUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MediaUploadCreate"];
            };
        };
        responses: {
            /** @description The upload */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["MediaUpload"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /**
             * @description - `payload_too_large`: More rows, or more bytes, than one request takes (a media file over the plan's file size); nothing stored.
             *     - `storage_limit`: The media library would hold more than the plan's storage (the numbers are in the message); nothing stored.
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "payload_too_large" | "storage_limit";
                        };
                    };
                };
            };
            /** @description - `unsupported_media_type`: The file's bytes are not a type Herald takes (JPEG, PNG, WebP, GIF, MP4/MOV with H.264 or HEVC, PDF), or disagree with its declared type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    putMediaUploadPart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: string;
                n: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description The part arrived */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["MediaUploadPart"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `unsupported_media_type`: The file's bytes are not a type Herald takes (JPEG, PNG, WebP, GIF, MP4/MOV with H.264 or HEVC, PDF), or disagree with its declared type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getMediaUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The upload */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["MediaUpload"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    abortMediaUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Aborted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    completeMediaUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The media item */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Media"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /**
             * @description - `payload_too_large`: More rows, or more bytes, than one request takes (a media file over the plan's file size); nothing stored.
             *     - `storage_limit`: The media library would hold more than the plan's storage (the numbers are in the message); nothing stored.
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "payload_too_large" | "storage_limit";
                        };
                    };
                };
            };
            /** @description - `unsupported_media_type`: The file's bytes are not a type Herald takes (JPEG, PNG, WebP, GIF, MP4/MOV with H.264 or HEVC, PDF), or disagree with its declared type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listMedia: {
        parameters: {
            query?: {
                type?: "image" | "video" | "document";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of media */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Media"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    uploadMedia: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MediaUploadForm"];
            };
        };
        responses: {
            /** @description The media item */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Media"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /**
             * @description - `payload_too_large`: More rows, or more bytes, than one request takes (a media file over the plan's file size); nothing stored.
             *     - `storage_limit`: The media library would hold more than the plan's storage (the numbers are in the message); nothing stored.
             */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "payload_too_large" | "storage_limit";
                        };
                    };
                };
            };
            /** @description - `unsupported_media_type`: The file's bytes are not a type Herald takes (JPEG, PNG, WebP, GIF, MP4/MOV with H.264 or HEVC, PDF), or disagree with its declared type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unsupported_media_type";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getMediaItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The media item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Media"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `media_in_use`: A scheduled, waiting or publishing post uses the media item (`error.used_by`); drafts let go of it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "media_in_use";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MediaUpdate"];
            };
        };
        responses: {
            /** @description The media item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Media"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listReviewLinks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post's links, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ReviewLink"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createReviewLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewLinkCreate"];
            };
        };
        responses: {
            /** @description The link, with its URL */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ReviewLinkCreated"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    revokeReviewLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ReviewLink"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    requestPostApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The post, waiting for approval */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Post"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listPlugs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Plugs, targets and limits */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PlugList"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createPlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PlugCreate"];
            };
        };
        responses: {
            /** @description The armed plug */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Plug"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `post_is_draft`: Plugs go on scheduled or live posts, not drafts.
             *     - `target_not_live`: The post failed or was cancelled on that account; no plug can watch it.
             *     - `unsupported_platform`: The account's platform (or kind of account) takes no plugs.
             *     - `unsupported_metric`: The platform's plugs cannot watch that metric.
             *     - `unsupported_action`: The platform's plugs cannot take that action.
             *     - `plug_limit`: A plug limit is reached: 3 per account on a post, or 10 watching per user (`error.limit` says which).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "post_is_draft" | "target_not_live" | "unsupported_platform" | "unsupported_metric" | "unsupported_action" | "plug_limit";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deletePlug: {
        parameters: {
            query: {
                plug_id: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"] & {
                            plug_id: string;
                        };
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `firing`: The plug's action is running; it cannot be removed now. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "firing";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getPostAutomation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The automation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostAutomation"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    attachPostAutomation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AutomationAttach"];
            };
        };
        responses: {
            /** @description The automation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostAutomation"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    detachPostAutomation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Detached */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AutomationDetached"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    armPostAutomation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AutomationArm"];
            };
        };
        responses: {
            /** @description The automation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostAutomation"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listFlows: {
        parameters: {
            query?: {
                account_id?: string;
                status?: "draft" | "live" | "off";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of flows */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["FlowSummary"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createFlow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowCreate"];
            };
        };
        responses: {
            /** @description The draft */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `platform_user_id_required`: Several accounts answer for this platform; name one with `platform_user_id` (`error.accounts`).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "platform_user_id_required";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    generateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowGenerate"];
            };
        };
        responses: {
            /** @description The flow built, who built it, and the month's AI credits */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["GeneratedFlow"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `platform_user_id_required`: Several accounts answer for this platform; name one with `platform_user_id` (`error.accounts`).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "platform_user_id_required";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `upstream_error`: An upstream service (the AI) gave an answer that could not be used; nothing was built or spent. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                        };
                    };
                };
            };
        };
    };
    getAiCredits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description This month's AI credits */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AiCredits"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getFlow: {
        parameters: {
            query?: {
                /** @description A step's id or name: adds that step's full data as `node` */
                node_id?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowUpdate"];
            };
        };
        responses: {
            /** @description The flow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    duplicateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The copy */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    activateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The live flow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `upstream_error`: An upstream service (the AI) gave an answer that could not be used; nothing was built or spent. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                        };
                    };
                };
            };
        };
    };
    deactivateFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flow, off */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteFlowNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description A step's id or its name */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `upstream_error`: An upstream service (the AI) gave an answer that could not be used; nothing was built or spent. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                        };
                    };
                };
            };
        };
    };
    updateFlowNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description A step's id or its name */
                nodeId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowNodeUpdate"];
            };
        };
        responses: {
            /** @description The flow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `upstream_error`: An upstream service (the AI) gave an answer that could not be used; nothing was built or spent. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                        };
                    };
                };
            };
        };
    };
    addFlowNode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowNodeAdd"];
            };
        };
        responses: {
            /** @description The flow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `upstream_error`: An upstream service (the AI) gave an answer that could not be used; nothing was built or spent. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                        };
                    };
                };
            };
        };
    };
    addFlowEdge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowEdgeAdd"];
            };
        };
        responses: {
            /** @description The flow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `upstream_error`: An upstream service (the AI) gave an answer that could not be used; nothing was built or spent. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                        };
                    };
                };
            };
        };
    };
    deleteFlowEdge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                edgeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `upstream_error`: An upstream service (the AI) gave an answer that could not be used; nothing was built or spent. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                        };
                    };
                };
            };
        };
    };
    listFlowRevisions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of revisions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["FlowRevision"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    revertFlow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowRevert"];
            };
        };
        responses: {
            /** @description The flow, as the revision held it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Flow"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `upstream_error`: An upstream service (the AI) gave an answer that could not be used; nothing was built or spent. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "upstream_error";
                        };
                    };
                };
            };
        };
    };
    listFlowExecutions: {
        parameters: {
            query?: {
                status?: "running" | "waiting_input" | "waiting_delay" | "completed" | "stopped" | "errored";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of executions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["FlowExecution"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    stopFlowExecution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                executionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The execution, stopped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["FlowExecution"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateContact: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: string;
                /** @description The person's platform-scoped id (`sender_id`) */
                contactId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContactControls"];
            };
        };
        responses: {
            /** @description The contact's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Contact"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listInbox: {
        parameters: {
            query?: {
                status?: "open" | "done";
                kind?: "comment" | "message";
                account_id?: string;
                platform?: "twitter" | "instagram" | "facebook" | "linkedin" | "threads" | "tiktok" | "youtube" | "bluesky" | "pinterest" | "telegram" | "discord" | "slack" | "mastodon" | "lemmy" | "tumblr" | "devto" | "hashnode" | "wordpress" | "listmonk" | "dribbble" | "twitch" | "kick" | "whatsapp" | "reddit" | "google_business";
                /** @description A member's id, or `none` for conversations nobody is assigned */
                assignee_id?: string;
                label?: string;
                /** @description Text in any of its messages, or in the contact's name or handle */
                q?: string;
                unread?: "0" | "1" | "true" | "false";
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of conversations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Conversation"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getConversation: {
        parameters: {
            query?: {
                limit?: number;
                /** @description `next_cursor` of the previous page: later messages */
                cursor?: string;
            };
            header?: never;
            path: {
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConversationDetail"];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationUpdate"];
            };
        };
        responses: {
            /** @description The conversation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @example conv_3hZ0Qm1b2c3d4e5f6g7h */
                            id: string;
                            /** @enum {string} */
                            kind: "comment" | "message";
                            platform: string;
                            account_id: string;
                            contact: {
                                /** @description The person's platform-scoped id */
                                id: string;
                                name: string | null;
                                handle: string | null;
                                avatar_url: string | null;
                            };
                            /** @description Herald's post the comments are on, when Herald published it */
                            post_id: string | null;
                            /** @description The platform's id of the post commented on */
                            platform_post_id: string | null;
                            last_message: {
                                text: string;
                                /**
                                 * @description When it was written
                                 * @example 2026-12-02T09:30:00.000Z
                                 */
                                at: string;
                                /** @enum {string} */
                                direction: "in" | "out";
                            };
                            unread: boolean;
                            /** @enum {string} */
                            status: "open" | "done";
                            assignee_id: string | null;
                            labels: string[];
                            /** @description The contact's latest flow execution on the account; null when no flow ran for them */
                            flow: {
                                flow_id: string;
                                execution_id: string;
                                /** @description The execution's status (`running`, `waiting_input`, … `completed`) */
                                status: string;
                            } | null;
                            /** @description When direct messages stop being allowed (Meta's 24 hours, WhatsApp's window); null: no window */
                            window_closes_at: string | null;
                            /** @description The post commented on, when Herald published it */
                            post: {
                                id: string;
                                text: string;
                                url: string | null;
                            } | null;
                            /** @description Automations stay quiet for the contact until then (a person took over) */
                            human_until: string | null;
                            /** @description The contact opted out of messages from automations */
                            opted_out: boolean;
                        };
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    replyToConversation: {
        parameters: {
            query?: never;
            header?: {
                /** @description Retry safely: the same key and body within 24 hours answer with the first answer, sending nothing */
                "idempotency-key"?: string;
            };
            path: {
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InboxReply"];
            };
        };
        responses: {
            /** @description The reply, pending */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["InboxMessage"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `reply_not_supported`: The platform's API cannot send this reply (a private reply, a direct message, media): nothing was sent.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "reply_not_supported";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /**
             * @description - `outside_messaging_window`: The platform allows direct messages only within a window after the person's last message (Meta's 24 hours, WhatsApp's customer-service window: a template is needed), or a private reply within 7 days of the comment; nothing was sent.
             *     - `contact_opted_out`: The contact opted out of messages from the account; nothing was sent.
             *     - `private_reply_used`: The comment already had its one private reply (Meta allows one, a flow's included); nothing was sent.
             *     - `idempotency_conflict`: The Idempotency-Key was used with a different request.
             *     - `idempotency_in_progress`: A request with this Idempotency-Key is still being answered.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "outside_messaging_window" | "contact_opted_out" | "private_reply_used" | "idempotency_conflict" | "idempotency_in_progress";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    hideConversationComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["InboxHide"];
            };
        };
        responses: {
            /** @description The comments changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["InboxMessage"][];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `hide_not_supported`: The platform cannot hide this (a direct message, or a platform without hiding, or none from Herald's adapter yet); nothing changed.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "hide_not_supported";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `reauth_required`: The account must be connected again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "reauth_required";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /**
             * @description - `platform_unreachable`: The platform could not be reached or failed; retry.
             *     - `platform_read_refused`: The platform refused the read.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_unreachable" | "platform_read_refused";
                        };
                    };
                };
            };
        };
    };
    unhideConversationComments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                conversationId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["InboxHide"];
            };
        };
        responses: {
            /** @description The comments changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["InboxMessage"][];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `hide_not_supported`: The platform cannot hide this (a direct message, or a platform without hiding, or none from Herald's adapter yet); nothing changed.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "hide_not_supported";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `reauth_required`: The account must be connected again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "reauth_required";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /**
             * @description - `platform_unreachable`: The platform could not be reached or failed; retry.
             *     - `platform_read_refused`: The platform refused the read.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_unreachable" | "platform_read_refused";
                        };
                    };
                };
            };
        };
    };
    deleteConversationComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                conversationId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The comment, deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["InboxMessage"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `delete_not_supported`: Only a comment Herald's account wrote can be deleted (not the person's, a private reply or a direct message), on a platform where Herald's adapter deletes comments; nothing changed.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "delete_not_supported";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /**
             * @description - `state_error`: The resource's state does not allow this now, or it changed meanwhile (`error.status`).
             *     - `reauth_required`: The account must be connected again.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "state_error" | "reauth_required";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /**
             * @description - `platform_unreachable`: The platform could not be reached or failed; retry.
             *     - `platform_read_refused`: The platform refused the read.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_unreachable" | "platform_read_refused";
                        };
                    };
                };
            };
        };
    };
    getCollectedDataSummary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flow's collected data, summarised */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CollectedDataSummary"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    exportCollectedData: {
        parameters: {
            query?: {
                /** @description Only this flow's items (deleted ones too) */
                flow_id?: string;
                /** @description Only answers to this kind of field */
                field_type?: "email" | "phone" | "number" | "url" | "date" | "text";
                /** @description Only items collected at or after this: a timestamp, or a date (from its UTC midnight) */
                since?: string;
                /** @description Items per page, 1 to 500 */
                limit?: number;
                /** @description `nextCursor` of the page before; the first page without it */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of collected items */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CollectedDataPage"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `not_enabled`: The tool or feature is being rolled out gradually and is not enabled for this user yet.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "not_enabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteCollectedItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteFlowCollectedData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many answers were deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CollectedDataDeleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listWhatsAppTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The templates, by name and language */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WhatsAppTemplate"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `reauth_required`: The account must be connected again. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "reauth_required";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /**
             * @description - `platform_unreachable`: The platform could not be reached or failed; retry.
             *     - `platform_read_refused`: The platform refused the read.
             */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_unreachable" | "platform_read_refused";
                        };
                    };
                };
            };
            /** @description - `platform_not_configured`: Herald has no adapter for the platform, or the deployment lacks its app credentials (`error.missing`). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_not_configured";
                        };
                    };
                };
            };
        };
    };
    listRssFeeds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Feeds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RssFeed"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createRssFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RssFeedCreate"];
            };
        };
        responses: {
            /** @description The feed */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RssFeed"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteRssFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateRssFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RssFeedUpdate"];
            };
        };
        responses: {
            /** @description The feed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RssFeed"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    pauseRssFeed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RssPause"];
            };
        };
        responses: {
            /** @description The feed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["RssFeed"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listPostingSlots: {
        parameters: {
            query?: {
                /** @description Comma-separated account ids */
                account_ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slots, by weekday and time */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostingSlot"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createPostingSlot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostingSlotCreate"];
            };
        };
        responses: {
            /** @description The slot */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostingSlot"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `slot_limit`: The user has as many posting slots as allowed (`error.limit`).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "slot_limit";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createSlotsFromBestTimes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SlotsFromBestTimesRequest"];
            };
        };
        responses: {
            /** @description The slots created and the cells they came from */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SlotsFromBestTimes"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `slot_limit`: The user has as many posting slots as allowed (`error.limit`).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "slot_limit";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `not_enough_history`: Too few published posts with metrics to find best times from (`error.posts` of `error.minimum`); nothing was created. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_enough_history";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listSlotOccurrences: {
        parameters: {
            query: {
                from: string;
                /** @description Inclusive; at most 92 days after `from` */
                to: string;
                /** @description The zone of `from`, `to` and the wall clock shown (UTC by default) */
                timezone?: string;
                /** @description Comma-separated account ids */
                account_ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Occurrences, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostingSlotOccurrence"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deletePostingSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updatePostingSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostingSlotUpdate"];
            };
        };
        responses: {
            /** @description The slot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostingSlot"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    findSlot: {
        parameters: {
            query?: {
                /** @description Comma-separated account ids */
                account_ids?: string;
                /** @description Look for slots after this time (default now) */
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slot, held for you (or not held, for a read-only credential) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["FoundSlot"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `invalid_accounts`: Find-slot: no account ids, too many, or ids that are not the user's (`error.unknown`).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "invalid_accounts";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /**
             * @description - `not_found`: No such resource for this user (another user's id reads the same).
             *     - `no_slots`: None of the accounts has a posting slot.
             *     - `no_free_slot`: Every posting slot of the accounts is taken for the days searched.
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found" | "no_slots" | "no_free_slot";
                        };
                    };
                };
            };
            /**
             * @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`).
             *     - `too_many_holds`: Find-slot: the user holds as many found slots as allowed (`error.limit`); schedule a post in one, or wait `Retry-After` seconds (`error.retry_after`), until the oldest lapses.
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited" | "too_many_holds";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listSignatures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's signatures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Signature"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createSignature: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignatureCreate"];
            };
        };
        responses: {
            /** @description The signature */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Signature"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteSignature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateSignature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignatureUpdate"];
            };
        };
        responses: {
            /** @description The signature */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Signature"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getDefaultUtm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The default, or null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["UtmDefault"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    setDefaultUtm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UtmDefaultRequest"];
            };
        };
        responses: {
            /** @description The default now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["UtmDefault"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's webhooks, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookCreate"];
            };
        };
        responses: {
            /** @description The webhook, with its signing secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WebhookWithSecret"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `webhook_exists`: The user has a webhook for that URL already (`error.target_url`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "webhook_exists";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `encryption_not_configured`: The deployment has no ENCRYPTION_KEY to store secrets with. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "encryption_not_configured";
                        };
                    };
                };
            };
        };
    };
    listWebhookEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The events, in the order the dashboard shows them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WebhookEventType"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookUpdate"];
            };
        };
        responses: {
            /** @description The webhook */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `webhook_exists`: The user has a webhook for that URL already (`error.target_url`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "webhook_exists";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    sendTestEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How the endpoint answered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["DeliveryAttempt"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `encryption_not_configured`: The deployment has no ENCRYPTION_KEY to store secrets with. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "encryption_not_configured";
                        };
                    };
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook, with its new signing secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WebhookWithSecret"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `encryption_not_configured`: The deployment has no ENCRYPTION_KEY to store secrets with. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "encryption_not_configured";
                        };
                    };
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                event_id?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Requests, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["DeliveryAttempt"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How the endpoint answered */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["DeliveryAttempt"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `encryption_not_configured`: The deployment has no ENCRYPTION_KEY to store secrets with. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "encryption_not_configured";
                        };
                    };
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description An event id: list the events after it (the last one you handled) */
                after?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Event"][];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Notifications, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Notification"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getAnalyticsOverview: {
        parameters: {
            query?: {
                /** @description Start of the window: a timestamp, or a date (from its UTC midnight). Default: 30 days before `to` */
                from?: string;
                /** @description End of the window: a timestamp, or a date (to the end of that UTC day). Default: now */
                to?: string;
                /** @description Comma-separated account ids (default: every account) */
                account_ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Rows per account, totals per platform */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AnalyticsOverview"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getPostAnalytics: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each target's readings, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["PostAnalytics"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getLinkClicks: {
        parameters: {
            query?: {
                /** @description Start of the window: a timestamp, or a date (from its UTC midnight). Default: 30 days before `to` */
                from?: string;
                /** @description End of the window: a timestamp, or a date (to the end of that UTC day). Default: now */
                to?: string;
                /** @description Only this post's links (all of them, visited in the window or not) */
                post_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The links, most clicked first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["LinkClicksAnswer"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getBestTimes: {
        parameters: {
            query: {
                /** @description The account whose posts are read (its platform's siblings stand in when too few) */
                account_id: string;
                /** @description How many days of history to read (7 to 365) */
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The best cells, with the basis they rest on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["BestTimes"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getAnalyticsReport: {
        parameters: {
            query?: {
                /** @description Start of the window: a timestamp, or a date (from its UTC midnight). Default: 30 days before `to` */
                from?: string;
                /** @description End of the window: a timestamp, or a date (to the end of that UTC day). Default: now */
                to?: string;
                /** @description Comma-separated account ids (not with `group_id`) */
                account_ids?: string;
                /** @description A client group: its accounts */
                group_id?: string;
                /** @description `csv` and `pdf` answer a file */
                format?: "json" | "csv" | "pdf";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["AnalyticsReport"];
                    };
                    "text/csv": string;
                    "application/pdf": string;
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getFollowerGrowth: {
        parameters: {
            query?: {
                /** @description Start of the window: a timestamp, or a date (from its UTC midnight). Default: 30 days before `to` */
                from?: string;
                /** @description End of the window: a timestamp, or a date (to the end of that UTC day). Default: now */
                to?: string;
            };
            header?: never;
            path: {
                accountId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The daily counts, oldest first, and the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["FollowerGrowth"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listReportSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's schedules, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ReportSchedule"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createReportSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportScheduleCreate"];
            };
        };
        responses: {
            /** @description The schedule */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ReportSchedule"];
                    };
                };
            };
            /**
             * @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`.
             *     - `report_schedule_limit`: The workspace has as many report schedules as allowed (`error.limit`); delete one first.
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error" | "report_schedule_limit";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    deleteReportSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Deleted"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listReportLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workspace's links, newest first, in every state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ReportLink"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createReportLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReportLinkCreate"];
            };
        };
        responses: {
            /** @description The link, with its URL shown this once */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["CreatedReportLink"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    revokeReportLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ReportLink"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    completeConnection: {
        parameters: {
            query: {
                state: string;
                code?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path: {
                platform: components["schemas"]["PlatformKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The accounts, refreshed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectCallback"];
                    };
                    "text/html": string;
                };
            };
            /** @description The accounts, at least one of them newly connected */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectCallback"];
                    };
                    "text/html": string;
                };
            };
            /**
             * @description - `invalid_state`: The OAuth connection is unknown, used or expired; start it again.
             *     - `connect_denied`: The user did not grant access on the platform's consent page.
             *     - `connect_refused`: The platform refused the code or the credentials.
             *     - `wrong_connect_method`: The platform connects the other way (consent page with GET, or credentials with POST).
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "invalid_state" | "connect_denied" | "connect_refused" | "wrong_connect_method";
                        };
                    };
                };
            };
            /**
             * @description - `wrong_browser`: The connection was started in another browser; nothing was connected. Start it again from the page given.
             *     - `feature_disabled`: The user's plan does not include this.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "wrong_browser" | "feature_disabled";
                        };
                    };
                };
            };
            /** @description - `account_taken`: The platform identity is connected to another Herald user. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "account_taken";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
            /** @description - `platform_unreachable`: The platform could not be reached or failed; retry. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_unreachable";
                        };
                    };
                };
            };
            /**
             * @description - `platform_not_configured`: Herald has no adapter for the platform, or the deployment lacks its app credentials (`error.missing`).
             *     - `encryption_not_configured`: The deployment has no ENCRYPTION_KEY to store secrets with.
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "platform_not_configured" | "encryption_not_configured";
                        };
                    };
                };
            };
        };
    };
    followShortLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the original URL */
            302: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    createSandboxUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxUserRequest"];
            };
        };
        responses: {
            /** @description The user and its key */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SandboxUser"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `email_taken`: A user with this email exists already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "email_taken";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    connectSandboxAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxAccountRequest"];
            };
        };
        responses: {
            /** @description The connected account */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectedAccount"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `account_taken`: The platform identity is connected to another Herald user. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "account_taken";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateSandboxAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxAccountPatch"];
            };
        };
        responses: {
            /** @description The account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["ConnectedAccount"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listSandboxCalls: {
        parameters: {
            query?: {
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Calls, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SandboxCall"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    listSandboxEmails: {
        parameters: {
            query?: {
                /** @description Only mail to this address (case-insensitive) */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Mail, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SandboxEmail"][];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    setSandboxMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxMetricsRequest"];
            };
        };
        responses: {
            /** @description The metrics the platform now reports */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SandboxMetrics"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    setSandboxFault: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxFault"];
            };
        };
        responses: {
            /** @description The fault now armed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SandboxFault"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    emitSandboxEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxEventRequest"];
            };
        };
        responses: {
            /** @description The events written, in order */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            event_ids: string[];
                        };
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    sendSandboxTemplateStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxTemplateStatusRequest"];
            };
        };
        responses: {
            /** @description The template as Herald now holds it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["WhatsAppTemplate"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    moveSandboxClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxClockRequest"];
            };
        };
        responses: {
            /** @description The new now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SandboxClock"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    runSandboxJobs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxTickRequest"];
            };
        };
        responses: {
            /** @description What ran */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            ran: string[];
                            results: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    sendSandboxInbound: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxInboundRequest"];
            };
        };
        responses: {
            /** @description The event, queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SandboxInbound"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    setSandboxContact: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxContactRequest"];
            };
        };
        responses: {
            /** @description The contact's state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Contact"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getSandboxBacklog: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What is outstanding now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["SandboxBacklog"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    getSandboxConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The config in force */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Config"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /** @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    updateSandboxConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rate_limit_per_hour?: number;
                    auth_attempts_per_ip_per_minute?: number;
                    /** Format: uri */
                    public_base_url?: string;
                    publish_retry_delays_s?: number[];
                    x_plug_checks_per_minute?: number;
                    x_plug_checks_per_day?: number;
                    linkedin_company_pages_approved?: boolean;
                    webhook_retry_delays_s?: number[];
                    webhook_timeout_ms?: number;
                    slots_per_user?: number;
                    slot_taken_window_s?: number;
                    slot_search_days?: number;
                    slot_hold_s?: number;
                    slot_holds_per_user?: number;
                    retention_budget_s?: number;
                    review_link_decisions_per_hour?: number;
                    rss_check_interval_s?: number;
                    rss_fetch_timeout_ms?: number;
                    rss_max_bytes?: number;
                    rss_ai_model?: string;
                    rss_ai_image_model?: string;
                    flow_ai_model?: string;
                    flow_max_steps_per_execution?: number;
                    flow_max_messages_per_execution?: number;
                    flow_ai_replies_per_contact_per_day?: number;
                    rollouts?: {
                        [key: string]: number;
                    };
                    collected_csv_max_rows?: number;
                    /** @enum {string} */
                    export_collected_data_rollout?: "admins" | "all";
                    media_part_size_bytes?: number;
                };
            };
        };
        responses: {
            /** @description The config in force */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: components["schemas"]["Config"];
                    };
                };
            };
            /** @description - `validation_error`: Invalid input. `error.issues` lists each problem (`path`, `message`); a post's per-target problems are also in `error.targets`, a bulk request's failing rows in `error.rows`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "validation_error";
                        };
                    };
                };
            };
            /**
             * @description - `unauthorized`: No credential: send `X-API-Key` or `Authorization: Bearer`.
             *     - `invalid_api_key`: The API key is unknown or revoked.
             *     - `invalid_token`: The OAuth access token is invalid, expired or revoked.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "unauthorized" | "invalid_api_key" | "invalid_token";
                        };
                    };
                };
            };
            /**
             * @description - `insufficient_scope`: The credential lacks the route's scope (`error.scope`).
             *     - `insufficient_role`: The member's role (`error.role`) may not do this, whatever the credential holds (docs/security.md).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "insufficient_scope" | "insufficient_role";
                        };
                    };
                };
            };
            /** @description - `not_found`: No such resource for this user (another user's id reads the same). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "not_found";
                        };
                    };
                };
            };
            /** @description - `rate_limited`: Too many requests: wait `Retry-After` seconds (Send test: `error.retry_after`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "rate_limited";
                        };
                    };
                };
            };
            /** @description - `internal_error`: Something failed on Herald's side; it is logged, never explained. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"] & {
                        error?: {
                            /** @enum {unknown} */
                            code?: "internal_error";
                        };
                    };
                };
            };
        };
    };
    receivePostPublished: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostPublishedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receivePostFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostFailedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveFlowTriggered: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowTriggeredEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveFlowError: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowErrorEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveFlowCompleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlowCompletedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveMessageReceived: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MessageReceivedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveCommentReceived: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CommentReceivedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveAccountDisconnected: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountDisconnectedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveWhatsappTemplateStatus: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WhatsappTemplateStatusEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receivePostReviewDecision: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostReviewDecisionEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receivePostPlugFired: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostPlugFiredEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveConversationAssigned: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConversationAssignedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveInboxReplySent: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InboxReplySentEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveInboxReplyFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InboxReplyFailedEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    receiveTest: {
        parameters: {
            query?: never;
            header: {
                /** @description The event name, in both signature formats */
                "X-Service-Event": string;
                /** @description `signature_format: service`: the event id */
                "X-Service-Event-Id"?: string;
                /** @description `service`: when it was sent, unix seconds */
                "X-Service-Timestamp"?: string;
                /** @description `service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now. */
                "X-Service-Signature"?: string;
                /** @description `signature_format: standard`: the event id */
                "webhook-id"?: string;
                /** @description `standard`: when it was sent, unix seconds */
                "webhook-timestamp"?: string;
                /** @description `standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret's part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is. */
                "webhook-signature"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestEvent"];
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds takes it; anything else is tried again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
