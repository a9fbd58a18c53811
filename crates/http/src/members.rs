//! A project's members (issue 35): `/api/projects/{id}/members/...` and
//! `/api/invitations/accept/`. Reading the list takes any role; inviting, changing a role and
//! removing someone else are the owner's; a member removing themself leaves the project.

use std::future::{ready, Ready};

use actix_web::{delete, get, patch, post, web, FromRequest, HttpRequest, HttpResponse};
use buildledger_application::members::{Invite, Member};
use buildledger_domain::ids::{MemberId, ProjectId, TypedId};
use buildledger_domain::member::Role;
use buildledger_domain::user::Email;
use buildledger_domain::{DomainError, FieldErrors};
use serde::{Deserialize, Serialize};
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::Required;
use utoipa::ToSchema;
use validator::Validate;

use crate::auth::{Authenticated, ProjectCaller};
use crate::error::{blocking, ApiError};
use crate::path::IdPath;
use crate::projects::ProjectResponse;
use crate::request::{collect, Patch, ValidJson};
use crate::state::AppState;

/// A member's role: what the API sends and takes (`owner` is no member's role).
#[derive(Serialize, ToSchema)]
#[schema(as = MemberRole)]
#[allow(dead_code)] // The document's enum; the values are `Role::as_str`.
#[serde(rename_all = "lowercase")]
pub enum MemberRoleSchema {
    /// Changes everything in the project except deleting it and managing its members.
    Partner,
    /// Reads everything, changes nothing.
    Viewer,
}

/// A member of the project, or an open invitation (`user` and `joined_at` null).
#[derive(Serialize, ToSchema)]
#[schema(as = Member)]
pub struct MemberResponse {
    id: i64,
    /// The member's username; null while the invitation is open.
    #[schema(required = true)]
    user: Option<String>,
    /// The address the invitation went to.
    email: String,
    #[schema(value_type = MemberRoleSchema)]
    role: &'static str,
    #[schema(format = DateTime)]
    invited_at: String,
    /// When the member joined; null while the invitation is open.
    #[schema(format = DateTime, required = true)]
    joined_at: Option<String>,
}

fn rfc3339(t: chrono::NaiveDateTime) -> String {
    t.and_utc().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

impl From<Member> for MemberResponse {
    fn from(m: Member) -> Self {
        MemberResponse {
            id: m.id,
            user: m.username,
            email: m.email,
            role: m.role.as_str(),
            invited_at: rfc3339(m.invited_at),
            joined_at: m.joined_at.map(rfc3339),
        }
    }
}

/// `POST /api/projects/{id}/members/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = MemberInvite)]
#[serde(deny_unknown_fields)]
pub struct InviteRequest {
    /// Who to invite: the link works only for the account with this address.
    #[schema(value_type = String, format = Email, max_length = 254)]
    #[serde(default)]
    email: Patch<String>,
    #[schema(value_type = MemberRoleSchema)]
    #[serde(default)]
    role: Patch<String>,
}

impl InviteRequest {
    fn try_into_domain(self, mut errors: FieldErrors) -> Result<Invite, DomainError> {
        let email =
            self.email.required_not_null(&mut errors, "email").and_then(|raw| collect(&mut errors, Email::parse(&raw)));
        let role = role_field(self.role, &mut errors);
        match (email, role) {
            (Some(email), Some(role)) if errors.is_empty() => Ok(Invite { email, role }),
            _ => Err(DomainError::Validation(errors)),
        }
    }
}

fn role_field(role: Patch<String>, errors: &mut FieldErrors) -> Option<Role> {
    role.required_not_null(errors, "role").and_then(|raw| collect(errors, Role::parse_field(raw.trim())))
}

/// `PATCH /api/projects/{id}/members/{member_id}/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = MemberPatch)]
#[serde(deny_unknown_fields)]
pub struct RoleRequest {
    #[schema(value_type = MemberRoleSchema)]
    #[serde(default)]
    role: Patch<String>,
}

/// `POST /api/invitations/accept/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = InvitationAccept)]
#[serde(deny_unknown_fields)]
pub struct AcceptRequest {
    /// The `token` of the invitation link (`/join?token=...`).
    #[schema(value_type = String)]
    #[serde(default)]
    token: Patch<String>,
}

/// `POST /api/invitations/preview/`.
#[derive(Debug, Default, Deserialize, Validate, ToSchema)]
#[schema(as = InvitationPreviewRequest)]
#[serde(deny_unknown_fields)]
pub struct PreviewRequest {
    /// The `token` of the invitation link (`/join?token=...`).
    #[schema(value_type = String)]
    #[serde(default)]
    token: Patch<String>,
}

/// What an invitation link is for, before its holder signs in.
#[derive(Serialize, ToSchema)]
#[schema(as = InvitationPreview)]
pub struct PreviewResponse {
    /// The project's name.
    project: String,
    /// The project owner's username.
    owner: String,
    /// The address the invitation was sent to: the account that may accept it.
    email: String,
    #[schema(value_type = MemberRoleSchema)]
    role: &'static str,
    /// When the link stops working.
    #[schema(format = DateTime)]
    expires_at: String,
}

/// The `{id}` (project) and `{member_id}` of a member's path. A bad id answers 404 like an
/// unknown one, after every other extractor.
pub struct MemberPath {
    project: Option<ProjectId>,
    member: Option<MemberId>,
}

impl MemberPath {
    pub fn ids(&self) -> Result<(ProjectId, MemberId), ApiError> {
        let project = self.project.ok_or_else(|| ApiError::not_found(ProjectId::WHAT))?;
        let member = self.member.ok_or_else(|| ApiError::not_found(MemberId::WHAT))?;
        Ok((project, member))
    }
}

impl FromRequest for MemberPath {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let info = req.match_info();
        ready(Ok(MemberPath {
            project: info.get("id").and_then(ProjectId::parse),
            member: info.get("member_id").and_then(MemberId::parse),
        }))
    }
}

impl utoipa::IntoParams for MemberPath {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let param = |name: &str, description: &str| {
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Path)
                .required(Required::True)
                .description(Some(description))
                .schema(Some(
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                        .minimum(Some(1)),
                ))
                .build()
        };
        vec![
            param("id", "The project id. Anything but a positive integer answers 404."),
            param("member_id", "The member (or invitation) id. Anything but a positive integer answers 404."),
        ]
    }
}

#[utoipa::path(
    tag = "members", operation_id = "listMembers", summary = "A project's members and open invitations",
    description = "Any role may read the list, ordered by id. An open invitation has `user` and `joined_at` null.",
    params(IdPath<ProjectId>),
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The members, by id.", body = [MemberResponse]),
        crate::openapi::OwnedErrors,
    )
)]
#[get("/projects/{id}/members/")]
pub async fn list_members(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let svc = state.members.clone();
    let list = blocking(move || svc.list(user.owner(), project_id)).await?;
    Ok(HttpResponse::Ok().json(list.into_iter().map(MemberResponse::from).collect::<Vec<_>>()))
}

#[utoipa::path(
    tag = "members", operation_id = "inviteMember", summary = "Invite someone to the project by email",
    description = "The owner's alone (403 for a partner or viewer). Mails a link to `{PUBLIC_URL}/join?token=...`, \
        valid 7 days and once. 409 when the address belongs to a member or to an open invitation of the project \
        (an expired invitation is replaced); 400 for the owner's own address.",
    params(IdPath<ProjectId>),
    request_body = InviteRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 201, description = "The invitation, as a member not joined yet.", body = MemberResponse),
        (status = 403, response = crate::openapi::Forbidden),
        (status = 409, response = crate::openapi::Conflict),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[post("/projects/{id}/members/")]
pub async fn invite_member(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: IdPath<ProjectId>,
    body: ValidJson<InviteRequest>,
) -> Result<HttpResponse, ApiError> {
    let project_id = path.id()?;
    let invite = body.body.try_into_domain(body.shape_errors);
    let svc = state.members.clone();
    let member = blocking(move || svc.invite(user.owner(), project_id, invite)).await?;
    Ok(HttpResponse::Created().json(MemberResponse::from(member)))
}

#[utoipa::path(
    tag = "members", operation_id = "acceptInvitation", summary = "Join a project through an invitation",
    description = "Signed in with the invited address; no subscription of one's own is needed (the owner's covers \
        members). 400 with `fields.token` for an expired, used, unknown or withdrawn invitation, one sent to another \
        address, or one to the caller's own project. The member who used the link may open it again: 200, \
        nothing changes.",
    request_body = AcceptRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The project joined, with the caller's `role`.", body = ProjectResponse),
        crate::openapi::JsonBodyErrors,
        crate::openapi::LoginErrors,
    )
)]
#[post("/invitations/accept/")]
pub async fn accept_invitation(
    Authenticated(user): Authenticated,
    state: web::Data<AppState>,
    body: ValidJson<AcceptRequest>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let token = body.body.token.required_not_null(&mut errors, "token");
    crate::request::finish(errors)?;
    let token = token.unwrap_or_default();
    let svc = state.members.clone();
    let view = blocking(move || svc.accept(user.owner(), &token)).await?;
    Ok(HttpResponse::Ok().json(ProjectResponse::from(view)))
}

#[utoipa::path(
    tag = "members", operation_id = "previewInvitation", summary = "What an invitation link is for",
    description = "No login: the join page names the project, its owner, the invited address and the role before \
        its visitor signs in or signs up. 400 with `fields.token`, in the words accepting would answer, for an \
        expired, used, unknown or withdrawn invitation.",
    request_body = PreviewRequest,
    security(()),
    responses(
        (status = 200, description = "The invitation.", body = PreviewResponse),
        crate::openapi::JsonBodyErrors,
    )
)]
#[post("/invitations/preview/")]
pub async fn preview_invitation(
    state: web::Data<AppState>,
    body: ValidJson<PreviewRequest>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = body.shape_errors;
    let token = body.body.token.required_not_null(&mut errors, "token");
    crate::request::finish(errors)?;
    let token = token.unwrap_or_default();
    let svc = state.members.clone();
    let p = blocking(move || svc.preview(&token)).await?;
    Ok(HttpResponse::Ok().json(PreviewResponse {
        project: p.project,
        owner: p.owner,
        email: p.email,
        role: p.role.as_str(),
        expires_at: rfc3339(p.expires_at),
    }))
}

#[utoipa::path(
    tag = "members", operation_id = "updateMember", summary = "Change a member's role",
    description = "The owner's alone (403 for a partner or viewer); an open invitation's role may change too.",
    params(MemberPath),
    request_body = RoleRequest,
    security(("bearerAuth" = [])),
    responses(
        (status = 200, description = "The member.", body = MemberResponse),
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::JsonBodyErrors,
        crate::openapi::OwnedErrors,
    )
)]
#[patch("/projects/{id}/members/{member_id}/")]
pub async fn update_member(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: MemberPath,
    body: ValidJson<RoleRequest>,
) -> Result<HttpResponse, ApiError> {
    let (project_id, member_id) = path.ids()?;
    let mut errors = body.shape_errors;
    let role = role_field(body.body.role, &mut errors);
    let role = match role {
        Some(role) if errors.is_empty() => Ok(role),
        _ => Err(DomainError::Validation(errors)),
    };
    let svc = state.members.clone();
    let member = blocking(move || svc.set_role(user.owner(), project_id, member_id, role)).await?;
    Ok(HttpResponse::Ok().json(MemberResponse::from(member)))
}

#[utoipa::path(
    tag = "members", operation_id = "removeMember", summary = "Remove a member, withdraw an invitation, or leave",
    description = "The owner removes anyone; a member may remove only themself (leaving the project); \
        anyone else gets 403.",
    params(MemberPath),
    security(("bearerAuth" = [])),
    responses(
        (status = 204, description = "Removed."),
        (status = 403, response = crate::openapi::Forbidden),
        crate::openapi::OwnedErrors,
    )
)]
#[delete("/projects/{id}/members/{member_id}/")]
pub async fn remove_member(
    ProjectCaller(user): ProjectCaller,
    state: web::Data<AppState>,
    path: MemberPath,
) -> Result<HttpResponse, ApiError> {
    let (project_id, member_id) = path.ids()?;
    let svc = state.members.clone();
    blocking(move || svc.remove(user.owner(), project_id, member_id)).await?;
    Ok(HttpResponse::NoContent().finish())
}
