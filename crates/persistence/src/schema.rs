// Hand-kept diesel schema in portable types, shared by SQLite and PostgreSQL.
// Keep in step with migrations/{sqlite,postgres}.

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        email -> Text,
        password_hash -> Text,
        is_admin -> Bool,
        created_at -> Timestamp,
        username_key -> Text,
        email_key -> Text,
        username_skeleton -> Text,
    }
}

diesel::table! {
    contractors (id) {
        id -> BigInt,
        owner_id -> BigInt,
        name -> Text,
        trade -> Text,
        phone -> Text,
        email -> Text,
        license_number -> Text,
        insurance_expires -> Nullable<Text>,
        notes -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    bids (id) {
        id -> BigInt,
        task_id -> BigInt,
        project_id -> BigInt,
        contractor_id -> BigInt,
        amount_cents -> BigInt,
        notes -> Text,
        received_on -> Nullable<Text>,
        valid_until -> Nullable<Text>,
        document_id -> Nullable<BigInt>,
        status -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    sessions (id) {
        id -> BigInt,
        user_id -> BigInt,
        current_jti -> Text,
        previous_jti -> Nullable<Text>,
        rotated_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        revoked_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    password_resets (token_hash) {
        token_hash -> Text,
        user_id -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        used_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    projects (id) {
        id -> BigInt,
        owner_id -> BigInt,
        name -> Text,
        zip_code -> Text,
        project_type -> Text,
        property_type -> Nullable<Text>,
        units -> Nullable<Integer>,
        renovation_options -> Text,
        addition_options -> Text,
        conversion_option -> Nullable<Text>,
        square_footage -> BigInt,
        start_date -> Text,
        end_date -> Text,
        budget_cents -> BigInt,
        owner_builder -> Text,
        version -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        contingency_percent -> Integer,
        loan_amount_cents -> Nullable<BigInt>,
        drawn_cents -> BigInt,
        use_calibration -> Bool,
        work_week -> Text,
        non_working_days -> Text,
        monthly_carrying_cost_cents -> Nullable<BigInt>,
        baseline_finish -> Nullable<Text>,
        baseline_taken_at -> Nullable<Timestamp>,
        address -> Text,
        lender_name -> Text,
        loan_number -> Text,
        retainage_basis_points -> Integer,
        waiver_threshold_cents -> BigInt,
    }
}

diesel::table! {
    tasks (id) {
        id -> BigInt,
        project_id -> BigInt,
        title -> Text,
        description -> Text,
        status -> Text,
        material_quality -> Text,
        actual_cost_cents -> Nullable<BigInt>,
        due_date -> Nullable<Text>,
        sort_key -> BigInt,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        committed_cents -> Nullable<BigInt>,
        bid_count -> Integer,
        lowest_bid_cents -> Nullable<BigInt>,
        paid_cents -> BigInt,
        payment_count -> Integer,
        change_order_cents -> BigInt,
        planned_start -> Nullable<Text>,
        duration_days -> Nullable<Integer>,
        actual_start -> Nullable<Text>,
        actual_finish -> Nullable<Text>,
    }
}

diesel::table! {
    task_dependencies (id) {
        id -> BigInt,
        project_id -> BigInt,
        predecessor_id -> BigInt,
        successor_id -> BigInt,
        link_type -> Text,
        lag_days -> Integer,
        created_at -> Timestamp,
    }
}

diesel::table! {
    task_delays (id) {
        id -> BigInt,
        project_id -> BigInt,
        task_id -> BigInt,
        days -> Integer,
        reason -> Text,
        note -> Text,
        recorded_on -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    inspections (id) {
        id -> BigInt,
        project_id -> BigInt,
        task_id -> BigInt,
        kind -> Text,
        scheduled_on -> Text,
        inspector -> Text,
        result -> Text,
        notes -> Text,
        document_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    schedule_baselines (task_id) {
        task_id -> BigInt,
        project_id -> BigInt,
        start_date -> Text,
        finish_date -> Text,
    }
}

diesel::table! {
    calendar_feeds (id) {
        id -> BigInt,
        project_id -> BigInt,
        token_hash -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    task_payments (id) {
        id -> BigInt,
        task_id -> BigInt,
        project_id -> BigInt,
        amount_cents -> BigInt,
        paid_on -> Text,
        payee -> Text,
        contractor_id -> Nullable<BigInt>,
        method -> Text,
        note -> Text,
        receipt_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    change_orders (id) {
        id -> BigInt,
        task_id -> BigInt,
        project_id -> BigInt,
        description -> Text,
        amount_cents -> BigInt,
        status -> Text,
        change_date -> Text,
        contractor_id -> Nullable<BigInt>,
        document_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    draws (id) {
        id -> BigInt,
        project_id -> BigInt,
        number -> Integer,
        requested_on -> Text,
        status -> Text,
        total_cents -> BigInt,
        funded_cents -> Nullable<BigInt>,
        funded_on -> Nullable<Text>,
        note -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        is_final -> Bool,
        inspected_on -> Nullable<Text>,
        inspector -> Text,
        inspection_note -> Text,
    }
}

diesel::table! {
    draw_items (id) {
        id -> BigInt,
        draw_id -> BigInt,
        task_id -> Nullable<BigInt>,
        title -> Text,
        amount_cents -> BigInt,
        scheduled_cents -> BigInt,
        previous_cents -> BigInt,
        inspected_percent_tenths -> Nullable<Integer>,
    }
}

diesel::table! {
    documents (id) {
        id -> BigInt,
        task_id -> BigInt,
        project_id -> BigInt,
        owner_id -> BigInt,
        name -> Text,
        content_type -> Text,
        size_bytes -> BigInt,
        storage_key -> Text,
        uploaded_at -> Timestamp,
    }
}

diesel::table! {
    subscriptions (user_id) {
        user_id -> BigInt,
        customer_id -> Nullable<Text>,
        subscription_id -> Nullable<Text>,
        status -> Text,
        current_period_end -> Nullable<Timestamp>,
        cancel_at_period_end -> Bool,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    billing_cancellations (subscription_id) {
        subscription_id -> Text,
        requested_at -> Timestamp,
        attempts -> Integer,
        last_error -> Text,
    }
}

diesel::table! {
    invoices (id) {
        id -> BigInt,
        user_id -> BigInt,
        invoice_id -> Text,
        amount_cents -> BigInt,
        currency -> Text,
        status -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    checkout_sessions (id) {
        id -> Text,
        user_id -> BigInt,
        status -> Text,
        created_at -> Timestamp,
        completed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    webhook_events (event_id) {
        event_id -> Text,
        event_type -> Text,
        received_at -> Timestamp,
    }
}

diesel::table! {
    project_shares (id) {
        id -> BigInt,
        project_id -> BigInt,
        owner_id -> BigInt,
        label -> Text,
        token_hash -> Text,
        expires_on -> Nullable<Text>,
        include_documents -> Bool,
        created_at -> Timestamp,
        include_bids -> Bool,
        include_payments -> Bool,
        include_draws -> Bool,
    }
}

diesel::table! {
    lien_waivers (id) {
        id -> BigInt,
        project_id -> BigInt,
        contractor_id -> BigInt,
        payment_id -> Nullable<BigInt>,
        kind -> Text,
        amount_cents -> BigInt,
        through_date -> Nullable<Text>,
        status -> Text,
        received_on -> Nullable<Text>,
        document_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    activity_entries (id) {
        id -> BigInt,
        project_id -> BigInt,
        actor_id -> Nullable<BigInt>,
        at -> Timestamp,
        action -> Text,
        task_id -> Nullable<BigInt>,
        summary -> Text,
        before_cents -> Nullable<BigInt>,
        after_cents -> Nullable<BigInt>,
    }
}

diesel::table! {
    project_members (id) {
        id -> BigInt,
        project_id -> BigInt,
        user_id -> Nullable<BigInt>,
        email -> Text,
        email_key -> Text,
        role -> Text,
        token_hash -> Text,
        invited_by -> Nullable<BigInt>,
        invited_at -> Timestamp,
        expires_at -> Timestamp,
        joined_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    reminder_settings (user_id) {
        user_id -> BigInt,
        frequency -> Text,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    reminder_sends (id) {
        id -> BigInt,
        user_id -> BigInt,
        day -> Text,
        token_hash -> Text,
        claimed_at -> Timestamp,
    }
}

diesel::joinable!(projects -> users (owner_id));
diesel::joinable!(project_shares -> projects (project_id));
diesel::joinable!(tasks -> projects (project_id));
diesel::joinable!(task_delays -> tasks (task_id));
diesel::joinable!(inspections -> tasks (task_id));
diesel::joinable!(schedule_baselines -> tasks (task_id));
diesel::joinable!(calendar_feeds -> projects (project_id));
diesel::joinable!(bids -> contractors (contractor_id));
diesel::joinable!(bids -> tasks (task_id));
diesel::joinable!(documents -> tasks (task_id));
diesel::joinable!(task_payments -> tasks (task_id));
diesel::joinable!(change_orders -> tasks (task_id));
diesel::joinable!(draw_items -> draws (draw_id));
diesel::joinable!(lien_waivers -> projects (project_id));
diesel::joinable!(lien_waivers -> contractors (contractor_id));
diesel::joinable!(project_members -> projects (project_id));
diesel::joinable!(subscriptions -> users (user_id));
diesel::joinable!(invoices -> users (user_id));
diesel::joinable!(checkout_sessions -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    contractors,
    bids,
    projects,
    tasks,
    documents,
    task_payments,
    change_orders,
    draws,
    draw_items,
    subscriptions,
    invoices,
    checkout_sessions,
    webhook_events,
    project_shares,
    task_dependencies,
    task_delays,
    inspections,
    schedule_baselines,
    calendar_feeds,
    lien_waivers,
    activity_entries,
    project_members
);
