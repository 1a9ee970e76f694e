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
        get: {
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
            };
        };
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
        get: {
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
            };
        };
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
         * @description Scope: `accounts:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The user's keys, newest first, revoked ones included */
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key
         * @description The answer holds the whole key; it is stored only as a hash and is never shown again.
         *
         *     Scope: `accounts:write`.
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         * @description The key stops working at once. Revoking a revoked key answers with it unchanged.
         *
         *     Scope: `accounts:write`.
         */
        delete: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
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
         */
        get: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        get: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
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
         */
        get: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a post (draft, scheduled or immediate)
         * @description With `schedule_type` `scheduled` it goes out at `scheduled_at`; `immediate` publishes now; neither makes a draft. Text over an account's `text_limit` is refused here, never at publish time. `?dry_run=true` checks everything and answers what each platform would receive, saving nothing.
         *
         *     Scope: `posts:write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description true validates and answers what would happen */
                    dry_run?: "true" | "false";
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
                /** @description `validation_error` with one entry per problem in `error.targets` ({ platform, account_id, code, message }) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `PLATFORM_UNAVAILABLE`: the account is not that platform, or the plan excludes it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `idempotency_conflict`: the key was used with another body */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `idempotency_conflict`: the key was used with another body */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `payload_too_large`: more than 100 rows */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        get: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a post
         * @description Removes it from Herald (not from platforms it went to). Refused while it is publishing.
         *
         *     Scope: `posts:write`.
         */
        delete: {
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
                            data: {
                                id: string;
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `state_error`: the post is publishing or published and cannot change so */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Edit a draft or scheduled post
         * @description Fields given replace the post's. A platform's override is replaced whole: leaving out `detached` re-attaches that platform to the shared text.
         *
         *     Scope: `posts:write`.
         */
        patch: {
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
                /** @description `validation_error` with one entry per problem in `error.targets` ({ platform, account_id, code, message }) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `PLATFORM_UNAVAILABLE`: the account is not that platform, or the plan excludes it */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `state_error`: the post is publishing or published and cannot change so */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description `state_error`: the post is publishing or published and cannot change so */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        get: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a signature
         * @description Text appended to a platform's post (after a blank line) when its override names `signature_id`.
         *
         *     Scope: `posts:write`.
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        delete: {
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
                            data: {
                                id: string;
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change a signature
         * @description Posts already scheduled keep the text they were checked with; edit a post to take the new text.
         *
         *     Scope: `posts:write`.
         */
        patch: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         * @description Links in a post's text become these when it is published. Counts the click and redirects (302).
         */
        get: {
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
                /** @description No such link (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Needs no key.
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404.
         *
         *     Scope: `accounts:write`.
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description The platform identity is connected to another user (`account_taken`) */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        patch: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. Each publish, comment and repost on the user's accounts, with exactly what was sent.
         *
         *     Scope: `posts:read`.
         */
        get: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         * Make a platform's next calls fail
         * @description Sandbox mode only (`SANDBOX=true`); otherwise 404. `error`: a 503 before anything was accepted (retryable). `timeout`: no answer after the request was sent (may have posted). `reject`: the platform refuses the content.
         *
         *     Scope: `posts:write`.
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        post: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        get: {
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
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
         */
        patch: {
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
                        /** Format: uri */
                        public_base_url?: string;
                        publish_retry_delays_s?: number[];
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
                /** @description Invalid input (`validation_error`, naming the field) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing (`unauthorized`) or unknown credential (`invalid_api_key`, `invalid_token`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Missing scope (`insufficient_scope`) or not in the plan (`feature_disabled`) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description No such resource for this user (`not_found`) */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Rate limit exceeded (`rate_limited`); see `Retry-After` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Unexpected failure (`internal_error`) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Health: {
            /** @enum {string} */
            status: "ok";
            version: string;
            time: string;
            jobs: {
                last_run_at: string | null;
                last_duration_ms: number | null;
                last_error: string | null;
                name: string;
                schedule: string;
            }[];
            machinery: {
                last_run_at: string | null;
                last_duration_ms: number | null;
                last_error: string | null;
                name: string;
            }[];
        };
        CreatedApiKey: components["schemas"]["ApiKey"] & {
            /**
             * @description The whole key. Shown once, here; store it now.
             * @example sk_…
             */
            key: string;
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
        };
        Error: {
            /** @enum {boolean} */
            success: false;
            error: {
                /** @example validation_error */
                code: string;
                message: string;
            } & {
                [key: string]: unknown;
            };
        };
        CreateApiKey: {
            /** @default API key */
            name?: string;
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
        PlatformKey: "twitter" | "instagram" | "facebook" | "linkedin" | "threads" | "tiktok" | "youtube" | "bluesky" | "pinterest" | "telegram" | "discord" | "slack" | "mastodon" | "lemmy" | "tumblr" | "devto" | "hashnode" | "wordpress" | "listmonk" | "dribbble" | "twitch" | "kick";
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
                /** @description Only the fields this platform is sent */
                media: {
                    [key: string]: unknown;
                }[];
                options: {
                    [key: string]: unknown;
                };
                article: {
                    [key: string]: unknown;
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
            platforms: components["schemas"]["PostTarget"][];
            created_at: string;
            updated_at: string;
        };
        MediaItem: {
            /** @enum {string} */
            type: "image" | "video";
            /** Format: uri */
            url: string;
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
        };
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
            media?: components["schemas"]["MediaItem"][];
            /** @default {} */
            platform_overrides?: {
                twitter?: components["schemas"]["PlatformOverride"];
                instagram?: components["schemas"]["PlatformOverride"];
                facebook?: components["schemas"]["PlatformOverride"];
                linkedin?: components["schemas"]["PlatformOverride"];
                threads?: components["schemas"]["PlatformOverride"];
                tiktok?: components["schemas"]["PlatformOverride"];
                youtube?: components["schemas"]["PlatformOverride"];
                bluesky?: components["schemas"]["PlatformOverride"];
                pinterest?: components["schemas"]["PlatformOverride"];
                telegram?: components["schemas"]["PlatformOverride"];
                discord?: components["schemas"]["PlatformOverride"];
                slack?: components["schemas"]["PlatformOverride"];
                mastodon?: components["schemas"]["PlatformOverride"];
                lemmy?: components["schemas"]["PlatformOverride"];
                tumblr?: components["schemas"]["PlatformOverride"];
                devto?: components["schemas"]["PlatformOverride"];
                hashnode?: components["schemas"]["PlatformOverride"];
                wordpress?: components["schemas"]["PlatformOverride"];
                listmonk?: components["schemas"]["PlatformOverride"];
                dribbble?: components["schemas"]["PlatformOverride"];
                twitch?: components["schemas"]["PlatformOverride"];
                kick?: components["schemas"]["PlatformOverride"];
            };
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
            media?: components["schemas"]["MediaItem"][];
            platform_overrides?: {
                twitter?: components["schemas"]["PlatformOverride"];
                instagram?: components["schemas"]["PlatformOverride"];
                facebook?: components["schemas"]["PlatformOverride"];
                linkedin?: components["schemas"]["PlatformOverride"];
                threads?: components["schemas"]["PlatformOverride"];
                tiktok?: components["schemas"]["PlatformOverride"];
                youtube?: components["schemas"]["PlatformOverride"];
                bluesky?: components["schemas"]["PlatformOverride"];
                pinterest?: components["schemas"]["PlatformOverride"];
                telegram?: components["schemas"]["PlatformOverride"];
                discord?: components["schemas"]["PlatformOverride"];
                slack?: components["schemas"]["PlatformOverride"];
                mastodon?: components["schemas"]["PlatformOverride"];
                lemmy?: components["schemas"]["PlatformOverride"];
                tumblr?: components["schemas"]["PlatformOverride"];
                devto?: components["schemas"]["PlatformOverride"];
                hashnode?: components["schemas"]["PlatformOverride"];
                wordpress?: components["schemas"]["PlatformOverride"];
                listmonk?: components["schemas"]["PlatformOverride"];
                dribbble?: components["schemas"]["PlatformOverride"];
                twitch?: components["schemas"]["PlatformOverride"];
                kick?: components["schemas"]["PlatformOverride"];
            };
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
        SandboxUser: {
            user_id: string;
            email: string;
            /** @enum {string} */
            plan: "free" | "creator" | "studio" | "pro" | "agency";
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
        };
        Destination: {
            id: string;
            label: string;
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
        };
        /** @description One call the sandbox platform received, with what was sent (text, media, options, …) */
        SandboxCall: {
            /** @enum {string} */
            kind: "publish" | "comment" | "repost";
            platform: string;
            account_id: string;
            platform_post_id: string;
            parent_platform_post_id: string | null;
            at: string;
        } & {
            [key: string]: unknown;
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
            platform: components["schemas"]["PlatformKey"];
            /** @enum {string} */
            mode: "error" | "timeout" | "reject";
            count: number;
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
        Config: {
            rate_limit_per_hour: number;
            /** Format: uri */
            public_base_url: string;
            publish_retry_delays_s: number[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
