//! The money ledger (issue 19, docs/money.md): payments against tasks, change orders and their
//! register (lender draws: `draws.rs`). All behind the subscription gate; another user's object
//! answers 404.

use serde::Serialize;
use utoipa::ToSchema;

mod change_orders;
mod payments;
mod waivers;

pub use change_orders::{
    change_order_register, create_change_order, delete_change_order, list_task_change_orders, update_change_order,
    ChangeOrderRequest, ChangeOrderResponse, RegisterLineResponse, RegisterResponse,
};
pub use payments::{
    create_payment, delete_payment, list_project_payments, list_task_payments, update_payment, PaymentRequest,
    PaymentResponse, ProjectPaymentResponse,
};
pub use waivers::{create_waiver, delete_waiver, list_waivers, update_waiver, WaiverRequest, WaiverResponse};

/// A contractor named on a payment or change order.
#[derive(Serialize, ToSchema)]
pub struct ContractorRef {
    id: i64,
    name: String,
}

pub(super) fn contractor_ref(id: Option<i64>, name: Option<String>) -> Option<ContractorRef> {
    id.map(|id| ContractorRef { id, name: name.unwrap_or_default() })
}
