import type { GetUsersResponse } from "ts-twitch-api";

/** Helix's answers as ts-twitch-api declares them: a recorded answer that drifts fails the typecheck. */

/** `GET /helix/users` for the token's user. */
export const usersAnswer = (id: string, login: string, display_name: string): GetUsersResponse => ({
  data: [
    {
      id,
      login,
      display_name,
      type: "",
      broadcaster_type: "affiliate",
      description: "",
      profile_image_url: `https://static-cdn.jtvnw.net/jtv_user_pictures/${login}-profile_image-300x300.png`,
      offline_image_url: "",
      view_count: 0,
      created_at: "2016-12-14T20:32:28Z",
    },
  ],
});
