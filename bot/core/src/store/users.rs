use super::statement::query;
use super::{Store, StoreError};
use crate::i18n::Locale;
use crate::identity::{Platform, User};

impl Store {
    /// Remembers a user's name, handle and client language (`None` keeps the one known).
    ///
    /// # Errors
    /// [`StoreError`] if the database refuses it.
    pub async fn save_user(
        &self,
        platform: Platform,
        user: &User,
        locale: Option<Locale>,
        now: i64,
    ) -> Result<(), StoreError> {
        // A handle belongs to one person at a time: whoever had it before gave it up.
        if let Some(handle) = &user.handle {
            query(
                "UPDATE users SET handle = NULL WHERE platform = $1 AND user_id <> $2 \
                 AND lower(handle) = lower($3)",
            )
            .bind(platform.code())
            .bind(&user.id)
            .bind(handle)
            .execute(&self.pool)
            .await?;
        }
        query(
            "INSERT INTO users (platform, user_id, name, handle, locale, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (platform, user_id) DO UPDATE SET \
             name = excluded.name, handle = excluded.handle, \
             locale = COALESCE(excluded.locale, users.locale), updated_at = excluded.updated_at",
        )
        .bind(platform.code())
        .bind(&user.id)
        .bind(&user.name)
        .bind(user.handle.as_deref())
        .bind(locale.map(Locale::code))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The language of `user`'s client, as their last input said it.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn user_locale(
        &self,
        platform: Platform,
        user: &str,
    ) -> Result<Option<Locale>, StoreError> {
        let locale: Option<Option<String>> =
            query("SELECT locale FROM users WHERE platform = $1 AND user_id = $2")
                .bind(platform.code())
                .bind(user)
                .fetch_optional_scalar(&self.pool)
                .await?;
        Ok(locale.flatten().as_deref().and_then(Locale::from_tag))
    }

    /// The user a mention names: by platform id, else by handle (any case). Never by
    /// display name, which two people may share.
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn find_user(
        &self,
        platform: Platform,
        mention: &str,
    ) -> Result<Option<User>, StoreError> {
        let row = query(
            "SELECT user_id, name, handle FROM users WHERE platform = $1 \
             AND (user_id = $2 OR lower(handle) = lower($3)) ORDER BY user_id = $4 DESC LIMIT 1",
        )
        .bind(platform.code())
        .bind(mention)
        .bind(mention)
        .bind(mention)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(User {
                id: row.try_get("user_id")?,
                name: row.try_get("name")?,
                handle: row.try_get("handle")?,
            })
        })
        .transpose()
    }
}
