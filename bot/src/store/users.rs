use sqlx::Row;

use super::{Store, StoreError};
use crate::core::{Platform, User};
use crate::i18n::Locale;

impl Store {
    /// Remembers a user's name and client language.
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
        sqlx::query(
            "INSERT INTO users (platform, user_id, name, locale, updated_at) VALUES (?, ?, ?, ?, ?) \
             ON CONFLICT (platform, user_id) DO UPDATE SET name = excluded.name, \
             locale = excluded.locale, updated_at = excluded.updated_at",
        )
        .bind(platform.code())
        .bind(&user.id)
        .bind(&user.name)
        .bind(locale.map(Locale::code))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The user a mention names: by id, else by name (any case).
    ///
    /// # Errors
    /// [`StoreError`] if the database fails.
    pub async fn find_user(
        &self,
        platform: Platform,
        mention: &str,
    ) -> Result<Option<User>, StoreError> {
        let row = sqlx::query(
            "SELECT user_id, name FROM users WHERE platform = ? AND (user_id = ? OR LOWER(name) = LOWER(?)) \
             ORDER BY user_id = ? DESC LIMIT 1",
        )
        .bind(platform.code())
        .bind(mention)
        .bind(mention)
        .bind(mention)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| Ok(User { id: row.try_get("user_id")?, name: row.try_get("name")? }))
            .transpose()
    }
}
